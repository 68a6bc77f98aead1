#pragma once

#include <QSyntaxHighlighter>

namespace Sandpit::Ui {

/// Colours a unified diff: removed lines red, added lines green, hunk headers blue.
class DiffHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    explicit DiffHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;
};

} // namespace Sandpit::Ui
