#pragma once

#include "run/attachmentsession.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QToolButton;

namespace Sandpit::Ui {

/// The program's input files and folders, copied into its workspace before each run, and the
/// workspace mode: fresh each run, or kept between runs (with Reset). A missing attachment
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
    bool isFolded() const;

public Q_SLOTS:
    void showAttachments(const QList<Sandpit::Ui::Attachment> &attachments);
    void showMode(bool persistent);
    void setFolded(bool folded);

Q_SIGNALS:
    void attachRequested(const QStringList &paths);
    void detachRequested(const QString &path);
    void persistentChosen(bool persistent);
    void resetRequested();

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
    QToolButton *m_fold;
    QLabel *m_summary;
    QWidget *m_body;
    bool m_inUse = false;
};

} // namespace Sandpit::Ui
