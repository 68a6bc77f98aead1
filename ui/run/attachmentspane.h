#pragma once

#include "run/attachmentsession.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QToolButton;

namespace Sandpit::Ui {

/// The program's input files and folders, copied into its workspace before each run, the
/// workspace mode: fresh each run, or kept between runs (with Reset), and the program's
/// command-line arguments, typed as one line. A missing attachment
/// shows in red with the reason. Most programs use none, so until one is added the pane is
/// folded to a single line (a learner can unfold it with its arrow).
class AttachmentsPane final : public QWidget
{
    Q_OBJECT
public:
    explicit AttachmentsPane(QWidget *parent = nullptr);

    int count() const;
    /// The text of one row, and its tooltip (the path, or why it cannot be used).
    QString rowText(int row) const;
    QString rowToolTip(int row) const;
    bool rowIsMissing(int row) const;
    QString modeText() const;
    /// The arguments as the field shows them, quoted where a word needs it.
    QString argumentsText() const;
    /// The folded pane's one line ("None", "2 files or folders · arguments: a b").
    QString summaryText() const;
    bool isFolded() const;

public Q_SLOTS:
    void showAttachments(const QList<Sandpit::Ui::Attachment> &attachments);
    void showMode(bool persistent);
    void setFolded(bool folded);
    void showArguments(const QStringList &arguments);
    /// Unfolds the pane and puts the cursor in the arguments field (Run › Program Arguments…).
    void editArguments();

Q_SIGNALS:
    void attachRequested(const QStringList &paths);
    void detachRequested(const QString &path);
    void persistentChosen(bool persistent);
    void resetRequested();
    void argumentsChosen(const QStringList &arguments);

private:
    void chooseFiles();
    void chooseFolder();
    void removeSelected();
    /// Unfolded while anything is in use (an attachment, a kept workspace), else folded.
    void foldToUse();
    void updateSummary();

    QListWidget *m_list;
    QLabel *m_placeholder;
    QPushButton *m_remove;
    QComboBox *m_mode;
    QPushButton *m_reset;
    QLineEdit *m_arguments;
    QToolButton *m_fold;
    QLabel *m_summary;
    QWidget *m_body;
    bool m_inUse = false;
};

} // namespace Sandpit::Ui
