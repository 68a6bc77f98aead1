#pragma once

#include "engine/runcontroller.h"

#include <QObject>
#include <QSocketNotifier>

namespace Sandpit::App {

/// `sandpit run --stdin -`: what arrives on this process's stdin goes to the run as it comes,
/// and its end closes the run's input. Read whole before the run, a slow writer (a person at
/// a terminal, a script that answers a prompt) would hold the program back until the end of
/// input, and the program's wait for input would look like run time.
class StdinRelay final : public QObject
{
    Q_OBJECT

public:
    StdinRelay(Core::RunController &controller, Core::RunId run);

private:
    void relay();

    Core::RunController &m_controller;
    Core::RunId m_run = 0;
    QSocketNotifier m_notifier;
};

} // namespace Sandpit::App
