#pragma once

#include "model/runerror.h"

#include <QFrame>

class QLabel;
class QProgressBar;
class QPushButton;

namespace Sandpit::Ui {

/// The banner a run that failed for a missing Docker image leaves in the output: it offers to
/// pull the image, shows the pull's progress, and then offers to run again. Passive: it shows
/// what its slots are given and says what the user clicked.
class ImagePullBar final : public QFrame
{
    Q_OBJECT
public:
    enum class State { Hidden, Offering, Pulling, Pulled, Failed };

    explicit ImagePullBar(QWidget *parent = nullptr);

    State state() const { return m_state; }
    QString image() const { return m_image; }
    QString messageText() const;
    QString statusText() const;

public Q_SLOTS:
    /// Offers the pull for a MissingImage error; hides for any other error.
    /// A pull already under way stays on show.
    void offerPull(const Sandpit::Core::RunError &error);
    /// `fraction` in 0..1, or below 0 for a busy bar while the size is not known.
    void showProgress(double fraction, const QString &status);
    void showPulled();
    void showFailed(const Sandpit::Core::RunError &error);
    /// Hides the banner, unless a pull is under way.
    void dismiss();

Q_SIGNALS:
    void pullRequested(const QString &image);
    void cancelRequested();
    void rerunRequested();

private:
    void setState(State state, const QString &message);
    void onAction();
    void onCancel();

    QLabel *m_message;
    QPushButton *m_action;
    QWidget *m_progressRow;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_cancel;
    State m_state = State::Hidden;
    QString m_image;
};

} // namespace Sandpit::Ui
