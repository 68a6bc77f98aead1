#pragma once

#include <QPlainTextEdit>

namespace Sandpit::Ui {

class DiffHighlighter;

/// A read-only, monospaced unified diff of two texts, coloured by DiffHighlighter. The diff is
/// computed off the GUI thread (two long programs can take a moment); the latest request wins.
class DiffView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit DiffView(QWidget *parent = nullptr);

    /// Shows "Comparing…", then the diff from `before` to `after`, or `noDifferences` when
    /// their lines are the same.
    void showDiff(const QString &before, const QString &after, const QString &beforeName, const QString &afterName,
                  const QString &noDifferences);
    /// Plain words instead of a diff; a diff still being computed is dropped.
    void showMessage(const QString &message);

Q_SIGNALS:
    /// The diff (or the no-differences text) of the latest showDiff() is on screen.
    void diffShown();

protected:
    void changeEvent(QEvent *event) override;

private:
    void followPalette();
    void showSentence(const QString &sentence);

    DiffHighlighter *m_highlighter;
    quint64 m_serial = 0;
};

} // namespace Sandpit::Ui
