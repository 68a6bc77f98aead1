#pragma once

#include <QObject>

class QSocketNotifier;

namespace Sandpit::Ui {

/// SIGTERM and SIGHUP (a logout, a shutdown) and SIGINT (Ctrl+C in the terminal that started
/// Sandpit) as a quit request on the event loop. A signal handler may call only
/// async-signal-safe functions, so it writes the signal's number into a pipe and the loop reads
/// it there (the self-pipe trick); nothing of Qt runs in the handler.
class QuitSignals final : public QObject
{
    Q_OBJECT
public:
    explicit QuitSignals(QObject *parent = nullptr);
    /// Gives the signals back to their default action.
    ~QuitSignals() override;

Q_SIGNALS:
    /// `signal` arrived, the first of them. Later SIGTERMs and SIGHUPs are the same request and
    /// are not reported again; a second SIGINT (Ctrl+C twice) ends the process at once.
    void quitRequested(int signal);

private:
    void readSignal();

    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Sandpit::Ui
