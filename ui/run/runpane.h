#pragma once

#include "model/runerror.h"
#include "model/runresult.h"
#include "run/lastrun.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QScrollArea;
class QToolButton;

namespace Sandpit::Ui {

/// How the current or last run went: status, why it ended, exit code or signal, times,
/// memory, the hosts it tried to reach, backend and isolation. Passive: it shows the values it is given.
class RunPane final : public QWidget
{
    Q_OBJECT
public:
    explicit RunPane(QWidget *parent = nullptr);

    /// "Ready", "Running…", "Finished", "Did not compile", "Stopped", "Crashed" or "Could not run".
    QString statusText() const;
    /// The kill reason and its detail, or the error message.
    QString messageText() const;
    /// "exit code 3" or "signal SIGSEGV (11)".
    QString exitText() const;
    QString isolationText() const;
    /// The run's attempts to reach a host, a line each ("pypi.org:443 — allowed",
    /// "example.com:80 — denied"); empty when the run had no network.
    QString networkText() const;
    /// The status word's colour now (it follows the theme).
    QColor statusColour() const;

    struct Tone {
        QColor onLight;
        QColor onDark;
    };

    /// The status word showResult() would show for `result` ("Finished", "Did not compile", ...).
    static QString statusFor(const Sandpit::Core::RunResult &result);
    /// What showResult() would show as the result: "exit code 3", "signal SIGSEGV (11)" or "—".
    static QString exitFor(const Sandpit::Core::RunResult &result);

public Q_SLOTS:
    void showReady();
    /// `what` names the program, e.g. "main.py (Python)".
    void showRunning(const QString &what);
    void showResult(const Sandpit::Core::RunResult &result);
    void showError(const Sandpit::Core::RunError &error);
    /// A tab's last run, shown again when the tab comes to the front (a run still going
    /// counts its time from when it started).
    void showRun(const Sandpit::Ui::LastRun &run);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void showRunningSince(const QString &what, const QElapsedTimer &started);
    void setStatus(const QString &text, const Tone &tone);
    void paintStatus();
    void setFactsVisible(bool visible);
    void updateElapsed();
    void fitHeightToText();
    void showNetwork(const QList<Sandpit::Core::NetworkAttempt> &attempts);

    QLabel *m_status;
    QLabel *m_message;
    QList<QWidget *> m_detailWidgets; ///< folded behind m_detailsToggle
    QLabel *m_exit;
    QLabel *m_time;
    QLabel *m_memory;
    QLabel *m_backend;
    QLabel *m_isolation;
    QLabel *m_networkLabel;
    QLabel *m_network;
    QList<Sandpit::Core::NetworkAttempt> m_attempts; // redrawn in the theme's colours on a palette change
    QToolButton *m_detailsToggle;
    QScrollArea *m_facts;
    Tone m_tone;
    QColor m_statusColour;
    QElapsedTimer m_elapsed;
    QTimer m_elapsedTimer;
};

} // namespace Sandpit::Ui
