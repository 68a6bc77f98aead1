#pragma once

#include <QObject>
#include <QSocketNotifier>

#include <initializer_list>

namespace Sandpit::App {

/// Unix signals as a Qt signal on the event loop, through a self-pipe: a handler may only
/// write(2), and the command's reaction (cancel the run, pass on a window size) is Qt code.
/// One at a time; the handlers are put back as they were when it goes.
class SignalRelay final : public QObject
{
    Q_OBJECT
public:
    explicit SignalRelay(std::initializer_list<int> signals);
    ~SignalRelay() override;

Q_SIGNALS:
    void received(int signal);

private:
    void read();

    int m_pipe[2] = {-1, -1};
    QList<int> m_signals;
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Sandpit::App
