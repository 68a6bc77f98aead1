#pragma once

#include <QSyntaxHighlighter>

namespace Sandpit::Ui {

/// Colours a unified diff: removed lines red, added lines green, hunk headers blue, in tones
/// that read on a light page or, after setDark(true), on a dark one.
class DiffHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    explicit DiffHighlighter(QTextDocument *document);

    /// Dark tones for a dark page; recolours what is shown.
    void setDark(bool dark);

protected:
    void highlightBlock(const QString &text) override;

private:
    bool m_dark = false;
};

} // namespace Sandpit::Ui
