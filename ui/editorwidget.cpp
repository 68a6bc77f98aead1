#include "editorwidget.h"

#include "language.h"

#include <QFontDatabase>
#include <QWheelEvent>

namespace Sandpit::Ui {

namespace {
QsciLexer *makeLexer(const QString &name, QObject *parent)
{
    if (name == QLatin1String("python"))
        return new QsciLexerPython(parent);
    if (name == QLatin1String("bash"))
        return new QsciLexerBash(parent);
    if (name == QLatin1String("javascript"))
        return new QsciLexerJavaScript(parent);
    if (name == QLatin1String("cpp"))
        return new QsciLexerCPP(parent);
    return nullptr;
}
} // namespace

EditorWidget::EditorWidget(QWidget *parent)
    : QsciScintilla(parent)
    , m_font(QFontDatabase::systemFont(QFontDatabase::FixedFont))
{
    m_font.setPointSize(std::max(m_font.pointSize(), 11));
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
    setCaretLineBackgroundColor(QColor(0xf3, 0xf6, 0xfb));
    setMatchedBraceBackgroundColor(QColor(0xc8, 0xe6, 0xc9));
    setUnmatchedBraceForegroundColor(QColor(0xc6, 0x28, 0x28));
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

    connect(this, &QsciScintilla::linesChanged, this, &EditorWidget::updateMarginWidth);
    connect(this, &QsciScintilla::textChanged, this, [this] { ++m_revision; });
    connect(this, &QsciScintilla::SCN_ZOOM, this, &EditorWidget::updateMarginWidth);
    updateMarginWidth();
}

void EditorWidget::setLanguage(const Core::Language *language)
{
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
    // Setting a lexer resets the margin style, and with it the line-number font.
    setMarginsFont(m_font);
    setCaretLineBackgroundColor(QColor(0xf3, 0xf6, 0xfb));
    updateMarginWidth();
}

void EditorWidget::resetZoom()
{
    zoomTo(0);
}

void EditorWidget::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const int delta = event->angleDelta().y();
        if (delta > 0)
            zoomIn();
        else if (delta < 0)
            zoomOut();
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

} // namespace Sandpit::Ui
