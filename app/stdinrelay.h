#pragma once

#include "engine/runcontroller.h"

#include <QObject>
#include <QSocketNotifier>

namespace Sandpit::App {

/// `sandpit run --stdin -`: what arrives on this process's stdin goes to the run as it comes,
/// and its end closes the run's input. Read whole before the run, a slow writer (a person at
/// a terminal, a script that answers a prompt) would hold the program back until the end of
/// input, and the program's wait for input would look like run time.
///
/// A terminal is read only while this process is in its foreground process group: read from
/// the background it would stop the whole job (SIGTTIN), so `sandpit sandbox exec box -- make &`
/// gives the command end-of-file instead, as does a terminal that is gone (EIO).
///
/// Reading pauses while the run holds more than kPauseAboveBytes of input its program has not
/// taken, and resumes below half of that: a writer to a program that does not read then waits
/// on the pipe, as with any slow reader, instead of Sandpit holding all it writes.
class StdinRelay final : public QObject
{
    Q_OBJECT

public:
    StdinRelay(Core::RunController &controller, Core::RunId run);

    static constexpr qint64 kPauseAboveBytes = qint64(1) << 20;

private:
    void relay();
    void endInput();
    void onBacklog(Core::RunId id, qint64 bytes);

    Core::RunController &m_controller;
    Core::RunId m_run = 0;
    QSocketNotifier m_notifier;
    bool m_ended = false;
    /// The run's last reported backlog, plus what was written since that report.
    qint64 m_backlog = 0;
};

} // namespace Sandpit::App
