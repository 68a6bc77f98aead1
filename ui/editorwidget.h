#pragma once

#include "diagnostic.h"
#include "qscintilla.h"

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
    /// Grows with every edit; a save compares it to tell whether the text changed meanwhile.
    quint64 revision() const { return m_revision; }

    /// The marker numbers, for markersAtLine()'s mask.
    enum Marker { ErrorMarker = 0, WarningMarker = 1, NoteMarker = 2 };

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

    std::unique_ptr<QsciStyle> m_errorStyle;   // the annotations' looks
    std::unique_ptr<QsciStyle> m_warningStyle;

    QFont m_font;
    QString m_lexerName;
    quint64 m_revision = 0;
};

} // namespace Sandpit::Ui
