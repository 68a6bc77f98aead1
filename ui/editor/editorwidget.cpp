#include "editor/editorwidget.h"

#include "editor/lexertheme.h"
#include "editor/rustlexer.h"
#include "languages/language.h"
#include "model/typeids.h"
#include "theme/wheelzoom.h"

#include <QFontDatabase>
#include <QMap>
#include <QWheelEvent>

namespace Sandpit::Ui {

namespace {
template<typename Lexer>
QsciLexer *newLexer(QObject *parent)
{
    return new Lexer(parent);
}

// The lexer of each name a language gives as its `lexer` in languages.json.
constexpr struct {
    const char *name;
    QsciLexer *(*make)(QObject *parent);
} kLexers[] = {
    {"python", &newLexer<QsciLexerPython>},
    {"bash", &newLexer<QsciLexerBash>},
    {"javascript", &newLexer<QsciLexerJavaScript>},
    {"cpp", &newLexer<QsciLexerCPP>},
    {"java", &newLexer<QsciLexerJava>},
    {"rust", &newLexer<RustLexer>},
};

QsciLexer *makeLexer(const QString &name, QObject *parent)
{
    for (const auto &lexer : kLexers) {
        if (name == QLatin1String(lexer.name))
            return lexer.make(parent);
    }
    return nullptr;
}

// The margin that holds the diagnostics' markers, beside the line numbers, and the indicator
// that underlines their places.
constexpr int kSymbolMargin = 1;
constexpr int kErrorIndicator = 8;
constexpr int kWarningIndicator = 9;
// The annotations' styles. QsciStyle would number them from one pool of 24 for the whole
// process, never given back, so the 13th editor (or language change) would find it empty;
// each editor has a style table of its own, and no lexer of ours uses 40 to 63.
constexpr int kErrorStyle = 63;
constexpr int kWarningStyle = 62;

constexpr qreal kMinimumPointSize = 11;

const QColor kErrorColour(0xd3, 0x2f, 0x2f);
const QColor kWarningColour(0xf5, 0x9e, 0x0b);
const QColor kNoteColour(0x19, 0x76, 0xd2);
} // namespace

QFont EditorWidget::defaultFont()
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Without a desktop that names one, Qt's monospace is 9 pt: too small to read code by, and
    // smaller than the window's own text. A desktop's larger choice is kept.
    if (font.pointSizeF() < kMinimumPointSize)
        font.setPointSizeF(kMinimumPointSize);
    return font;
}

EditorWidget::EditorWidget(QWidget *parent)
    : QsciScintilla(parent)
    , m_font(defaultFont())
{
    setFont(m_font);
    setMarginsFont(m_font);
    setUtf8(true);

    setMarginType(0, NumberMargin);
    setMarginLineNumbers(0, true);
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setTabWidth(4);
    setIndentationGuides(true);
    setBackspaceUnindents(true);
    setBraceMatching(SloppyBraceMatch);
    setCaretLineVisible(true);
    setEolMode(EolUnix);
    setWrapMode(WrapNone);
    // Scintilla's horizontal scroll range starts at a fixed 2000 px; tracking makes the scroll
    // bar appear only when a line is actually that wide.
    SendScintilla(SCI_SETSCROLLWIDTH, 1);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1);

    // Scintilla binds Escape to "cancel" (for autocompletion, which we do not use). Left bound,
    // it would swallow the window's Escape = Stop shortcut whenever the editor has focus.
    if (QsciCommand *cancel = standardCommands()->boundTo(Qt::Key_Escape))
        cancel->setKey(0);

    setMarginType(kSymbolMargin, SymbolMargin);
    setMarginWidth(kSymbolMargin, 16);
    setMarginMarkerMask(kSymbolMargin, (1 << ErrorMarker) | (1 << WarningMarker) | (1 << NoteMarker));
    const std::pair<Marker, QColor> markers[]
        = {{ErrorMarker, kErrorColour}, {WarningMarker, kWarningColour}, {NoteMarker, kNoteColour}};
    for (const auto &[marker, colour] : markers) {
        markerDefine(marker == NoteMarker ? RightArrow : Circle, marker);
        setMarkerBackgroundColor(colour, marker);
        setMarkerForegroundColor(colour.darker(130), marker);
    }
    indicatorDefine(SquiggleIndicator, kErrorIndicator);
    setIndicatorForegroundColor(kErrorColour, kErrorIndicator);
    indicatorDefine(SquiggleIndicator, kWarningIndicator);
    setIndicatorForegroundColor(kWarningColour, kWarningIndicator);
    setAnnotationDisplay(AnnotationBoxed);
    applyTheme();

    connect(this, &QsciScintilla::linesChanged, this, &EditorWidget::updateMarginWidth);
    connect(this, &QsciScintilla::textChanged, this, [this] { ++m_revision; });
    connect(this, &QsciScintilla::SCN_ZOOM, this, &EditorWidget::updateMarginWidth);
    updateMarginWidth();
}

void EditorWidget::setLanguage(const Core::Language *language)
{
    m_lineComment = language ? language->lineComment : QString();
    setIndentationWidth(language ? language->indentWidth : 4);
    const QString name = language ? language->lexer : QString();
    if (name == m_lexerName && (lexer() != nullptr) == !name.isEmpty())
        return;
    m_lexerName = name;
    QsciLexer *old = lexer();
    QsciLexer *next = makeLexer(name, this);
    if (next) {
        // A lexer brings its own fonts; without this each style would fall back to a
        // proportional font.
        next->setDefaultFont(m_font);
        next->setFont(m_font, -1);
        if (auto *python = qobject_cast<QsciLexerPython *>(next))
            python->setIndentationWarning(QsciLexerPython::Inconsistent);
    }
    setLexer(next);
    if (!next) {
        setFont(m_font);
        m_lexerName.clear();
    }
    delete old;
    // Setting a lexer resets the margin style, and with it the line-number font, and the
    // styles the annotations use.
    setMarginsFont(m_font);
    applyTheme();
    updateMarginWidth();
}

void EditorWidget::setEditorFont(const QFont &font)
{
    m_font = font;
    if (QsciLexer *current = lexer()) {
        current->setDefaultFont(m_font);
        current->setFont(m_font, -1);
    } else {
        setFont(m_font);
    }
    setMarginsFont(m_font);
    applyTheme(); // the theme's bold keywords are a font too
    updateMarginWidth();
}

void EditorWidget::setCaretLineColour(const QColor &colour)
{
    m_theme.editor.caretLine = colour;
    applyTheme();
}

void EditorWidget::setMatchedBraceColour(const QColor &colour)
{
    m_theme.editor.braceMatchPaper = colour;
    applyTheme();
}

void EditorWidget::setUnmatchedBraceColour(const QColor &colour)
{
    m_theme.editor.braceBadText = colour;
    applyTheme();
}

void EditorWidget::defineDiagnosticStyles()
{
    QFont font = m_font;
    font.setItalic(true);
    const Theme::Editor &e = m_theme.editor;
    m_errorStyle = std::make_unique<QsciStyle>(kErrorStyle, QStringLiteral("Error"), e.errorText, e.errorPaper, font);
    m_warningStyle
        = std::make_unique<QsciStyle>(kWarningStyle, QStringLiteral("Warning"), e.warningText, e.warningPaper, font);
    // The annotations already shown take the new looks too.
    m_errorStyle->apply(this);
    m_warningStyle->apply(this);
}

void EditorWidget::setTheme(const Theme &theme)
{
    m_theme = theme;
    applyTheme();
}

void EditorWidget::applyTheme()
{
    const Theme::Editor &e = m_theme.editor;
    if (QsciLexer *current = lexer()) {
        applyLexerTheme(*current, m_theme); // an attached lexer passes each change on to the editor
    } else {
        setColor(e.text);
        setPaper(e.paper);
    }
    setCaretForegroundColor(e.caret);
    setCaretWidth(e.caretWidth);
    setCaretLineBackgroundColor(e.caretLine);
    setSelectionBackgroundColor(e.selection);
    setSelectionForegroundColor(e.selectionText);
    setMarginsBackgroundColor(e.marginPaper);
    setMarginsForegroundColor(e.marginText);
    setMatchedBraceBackgroundColor(e.braceMatchPaper);
    setMatchedBraceForegroundColor(e.braceMatchText);
    setUnmatchedBraceBackgroundColor(e.paper);
    setUnmatchedBraceForegroundColor(e.braceBadText);
    setIndentationGuidesBackgroundColor(e.paper);
    setIndentationGuidesForegroundColor(e.indentGuide);
    defineDiagnosticStyles();
}

void EditorWidget::showDiagnostics(const QList<Core::Diagnostic> &diagnostics)
{
    using Severity = Core::Diagnostic::Severity;
    clearDiagnostics();
    // One annotation per line, errors first, with every message for that line.
    QMap<int, QStringList> errors;
    QMap<int, QStringList> warnings;
    for (const Core::Diagnostic &d : diagnostics) {
        const int line = d.line - 1;
        if (line < 0 || line >= lines())
            continue;
        markerAdd(line,
                  d.severity == Severity::Error         ? ErrorMarker
                      : d.severity == Severity::Warning ? WarningMarker
                                                        : NoteMarker);
        if (d.severity == Severity::Note)
            continue;
        // The word at the column, or the line's text when the tool named no column.
        const long lineEnd = SendScintilla(SCI_GETLINEENDPOSITION, line);
        long from = SendScintilla(SCI_GETLINEINDENTPOSITION, line);
        long to = lineEnd;
        if (d.column > 0) {
            // A column at the end of the line ("expected ';'") marks the line's last character.
            from = std::max(from, std::min<long>(lineEnd - 1, positionFromLineIndex(line, d.column - 1)));
            to = std::max(SendScintilla(SCI_WORDENDPOSITION, from, true), std::min(from + 1, lineEnd));
        }
        SendScintilla(SCI_SETINDICATORCURRENT, d.severity == Severity::Error ? kErrorIndicator : kWarningIndicator);
        SendScintilla(SCI_INDICATORFILLRANGE, from, to - from);
        (d.severity == Severity::Error ? errors : warnings)[line]
            << QStringLiteral("%1: %2").arg(Core::severityId(d.severity), d.message);
    }
    QList<int> annotated = errors.keys() + warnings.keys();
    std::sort(annotated.begin(), annotated.end());
    annotated.erase(std::unique(annotated.begin(), annotated.end()), annotated.end());
    for (int line : annotated) {
        annotate(line, (errors.value(line) + warnings.value(line)).join(QLatin1Char('\n')),
                 errors.contains(line) ? *m_errorStyle : *m_warningStyle);
    }
}

void EditorWidget::clearDiagnostics()
{
    for (int marker : {ErrorMarker, WarningMarker, NoteMarker})
        markerDeleteAll(marker);
    clearAnnotations();
    for (int indicator : {kErrorIndicator, kWarningIndicator}) {
        SendScintilla(SCI_SETINDICATORCURRENT, indicator);
        SendScintilla(SCI_INDICATORCLEARRANGE, 0, SendScintilla(SCI_GETLENGTH));
    }
}

void EditorWidget::goTo(int line, int column)
{
    const int row = std::clamp(line - 1, 0, std::max(lines() - 1, 0));
    if (column > 0) {
        setCursorPosition(row, column - 1);
    } else {
        const long indent = SendScintilla(SCI_GETLINEINDENTPOSITION, row);
        SendScintilla(SCI_GOTOPOS, indent);
    }
    ensureLineVisible(row);
    ensureCursorVisible();
    setFocus(Qt::OtherFocusReason);
}

void EditorWidget::resetZoom()
{
    zoomTo(0);
}

void EditorWidget::wheelEvent(QWheelEvent *event)
{
    if (zoomOnCtrlWheel(event, *this)) {
        event->accept();
        return;
    }
    QsciScintilla::wheelEvent(event);
}

void EditorWidget::updateMarginWidth()
{
    // Room for one digit more than the line count needs, so the margin does not jump at 10, 100...
    const QString digits(QString::number(std::max(lines(), 1)).size() + 1, QLatin1Char('9'));
    setMarginWidth(0, digits);
}

QByteArray EditorWidget::utf8Text() const
{
    // SCI_GETCHARACTERPOINTER moves the gap in Scintilla's buffer to its end (a memmove, once
    // after an edit elsewhere) and lends the text, contiguous.
    const auto length = qsizetype(SendScintilla(SCI_GETLENGTH));
    const auto *bytes = static_cast<const char *>(SendScintillaPtrResult(SCI_GETCHARACTERPOINTER));
    return bytes ? QByteArray(bytes, length) : QByteArray();
}

} // namespace Sandpit::Ui
