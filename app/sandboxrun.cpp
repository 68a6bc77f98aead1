#include "sandboxrun.h"

#include "commandline.h"
#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "rawterminal.h"
#include "runexitstatus.h"
#include "signalrelay.h"
#include "stdinrelay.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <optional>
#include <unistd.h>

namespace Sandpit::App {

namespace {
void writeRaw(FILE *stream, const QByteArray &data)
{
    std::fwrite(data.constData(), 1, size_t(data.size()), stream);
    std::fflush(stream);
}
} // namespace

int runInSandbox(const Core::RunRequest &request, const Core::EngineSettings &engine,
                 const Core::LanguageRegistry &languages)
{
    const RunExitStatus status(false);
    Core::RunController controller(Core::makeBackends(languages, engine, Core::RunsExpected::One));
    std::optional<RawTerminal> terminal;
    if (request.terminal)
        terminal.emplace(STDIN_FILENO);
    QObject::connect(&controller, &Core::RunController::outputReceived, &controller,
                     [](Core::RunId, Core::OutputStream stream, const QByteArray &data) {
                         writeRaw(stream == Core::OutputStream::Stdout ? stdout : stderr, data);
                     });
    QObject::connect(&controller, &Core::RunController::runFinished, &controller,
                     [status, &terminal](Core::RunId, const Core::RunResult &result) {
                         if (terminal)
                             terminal->restore();
                         if (result.killReason != Core::KillReason::None && !result.killDetail.isEmpty())
                             std::fprintf(stderr, "\n[sandpit] %s\n", qPrintable(result.killDetail));
                         QCoreApplication::exit(status.ran(result));
                     });
    QObject::connect(&controller, &Core::RunController::runFailed, &controller,
                     [status, &terminal](Core::RunId, const Core::RunError &error) {
                         if (terminal)
                             terminal->restore();
                         printErr(error.message);
                         QCoreApplication::exit(status.couldNotRun());
                     });
    const Core::RunId id = controller.start(request);
    // On a terminal in raw mode Ctrl+C is a byte for the sandbox's pty; SIGTERM and SIGHUP
    // (the terminal closed) still end the command, and the terminal is restored on the way out.
    SignalRelay relaySignals{SIGINT, SIGTERM, SIGHUP, SIGWINCH};
    QObject::connect(&relaySignals, &SignalRelay::received, &controller, [&controller, id](int signal) {
        if (signal == SIGWINCH)
            controller.resizeTerminal(id, RawTerminal::size(STDIN_FILENO));
        else
            controller.cancel(id);
    });
    std::optional<StdinRelay> relay;
    if (request.keepStdinOpen || request.terminal)
        relay.emplace(controller, id);
    return QCoreApplication::exec();
}

} // namespace Sandpit::App
