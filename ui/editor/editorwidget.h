#pragma once

#include "editor/qscintilla.h"
#include "model/diagnostic.h"
#include "theme/theme.h"

#include <memory>

namespace Sandpit::Core {
struct Language;
}

namespace Sandpit::Ui {

/// The code editor: QScintilla with the lexer of the current language, line numbers,
/// auto-indent, brace matching and zoom, and the last run's diagnostics in the margin.
class EditorWidget final : public QsciScintilla
{
    Q_OBJECT
public:
    explicit EditorWidget(QWidget *parent = nullptr);

    /// nullptr means plain text (a file type Sandpit does not know).
    void setLanguage(const Core::Language *language);
    QString lexerName() const { return m_lexerName; }
    /// What starts a line comment in the current language ("#", "//"); empty for plain text.
    QString lineComment() const { return m_lineComment; }
    /// Grows with every edit; a save compares it to tell whether the text changed meanwhile.
    quint64 revision() const { return m_revision; }
    /// The text as the editor holds it, UTF-8: one copy of its buffer, without the decoding
    /// text() does, so the GUI thread can hand a large buffer to another thread cheaply.
    QByteArray utf8Text() const;

    /// Colours the text, margins, caret, selection, braces and diagnostics, and every lexer
    /// setLanguage() makes from now on. The editor starts with Theme::light().
    void setTheme(const Theme &theme);
    const Theme &theme() const { return m_theme; }

    /// The marker numbers, for markersAtLine()'s mask.
    enum Marker { ErrorMarker = 0, WarningMarker = 1, NoteMarker = 2 };

    /// The editor's own colours, kept across language changes (a lexer resets them).
    /// The font of the text and the line numbers (Settings… › Editor); zoom stays relative to it.
    void setEditorFont(const QFont &font);
    /// The desktop's monospace font, at 11 pt or more: what the editor uses until one is chosen.
    static QFont defaultFont();
    void setCaretLineColour(const QColor &colour);
    void setMatchedBraceColour(const QColor &colour);
    void setUnmatchedBraceColour(const QColor &colour);
    QColor caretLineColour() const { return m_theme.editor.caretLine; }

public Q_SLOTS:
    void resetZoom();
    /// A marker in the margin for each diagnostic, its place underlined, and the message of each
    /// error and warning shown under its line. Replaces what was shown before.
    void showDiagnostics(const QList<Sandpit::Core::Diagnostic> &diagnostics);
    void clearDiagnostics();
    /// Puts the cursor at `line` and `column` (both from 1; column 0: the line's first
    /// character that is not a space), shows it and takes the focus.
    void goTo(int line, int column);

protected:
    void wheelEvent(QWheelEvent *event) override;

private:
    void updateMarginWidth();
    void defineDiagnosticStyles();
    void applyTheme();

    std::unique_ptr<QsciStyle> m_errorStyle; // the annotations' looks
    std::unique_ptr<QsciStyle> m_warningStyle;

    QFont m_font;
    Theme m_theme = Theme::light();
    QString m_lexerName;
    QString m_lineComment;
    quint64 m_revision = 0;
};

} // namespace Sandpit::Ui
