#pragma once

#include "qscintilla.h"

namespace Sandpit::Core {
struct Language;
}

namespace Sandpit::Ui {

/// The code editor: QScintilla with the lexer of the current language, line numbers,
/// auto-indent, brace matching and zoom.
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

public Q_SLOTS:
    void resetZoom();

protected:
    void wheelEvent(QWheelEvent *event) override;

private:
    void updateMarginWidth();

    QFont m_font;
    QString m_lexerName;
    quint64 m_revision = 0;
};

} // namespace Sandpit::Ui
