#include "terminal/replsession.h"

#include "languages/language.h"
#include "run/runsession.h"
#include "sandboxes/sandboxrequest.h"

namespace Sandpit::Ui {

ReplSession::ReplSession(Core::RunController &controller, const Core::EngineSettings &settings, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_settings(settings)
{
    // The window's run shares the controller: only this REPL's events are taken.
    connect(&m_controller, &Core::RunController::outputReceived, this,
            [this](Core::RunId id, Core::OutputStream, const QByteArray &bytes) {
                if (id == m_current)
                    Q_EMIT outputReceived(bytes);
            });
    connect(&m_controller, &Core::RunController::runFinished, this,
            [this](Core::RunId id, const Core::RunResult &result) {
                if (id != m_current)
                    return;
                setCurrent(0);
                Q_EMIT replFinished(result);
            });
    connect(&m_controller, &Core::RunController::runFailed, this, [this](Core::RunId id, const Core::RunError &error) {
        if (id != m_current)
            return;
        setCurrent(0);
        Q_EMIT replFailed(error);
    });
}

void ReplSession::replace()
{
    if (m_current != 0)
        m_controller.abandon(m_current);
    setCurrent(0);
}

void ReplSession::open(const ReplChoice &choice, Core::TerminalSize size)
{
    replace();
    m_last = choice;
    m_lastShell = {};
    // The window's own request (backend, limits, the input files), so a REPL is sandboxed as
    // a run is.
    Core::RunRequestBuilder builder
        = RunSession::requestBuilder(choice.language, choice.fileName, choice.code, m_settings);
    builder.attach(m_inputFiles).workspace(m_keptWorkspace);
    const auto request = replRequest(choice, builder, size);
    if (!request) {
        Q_EMIT replFailed(request.error());
        return;
    }
    m_request = *request;
    m_size = size;
    setCurrent(m_controller.start(m_request));
    const QString name = choice.language->name;
    Q_EMIT replStarting(choice.runFileFirst ? QStringLiteral("%1 REPL after %2").arg(name, m_request.entryFile)
                                            : QStringLiteral("%1 REPL").arg(name));
}

void ReplSession::openShell(const QString &sandbox, const QString &backend, Core::TerminalSize size)
{
    replace();
    m_last = {};
    m_lastShell = {sandbox, backend};
    m_request = Core::sandboxShellRequest(sandbox, backend, size);
    m_size = size;
    setCurrent(m_controller.start(m_request));
    Q_EMIT replStarting(QStringLiteral("Shell in the sandbox “%1”").arg(sandbox));
}

void ReplSession::restart(Core::TerminalSize size)
{
    if (!m_lastShell.sandbox.isEmpty())
        openShell(m_lastShell.sandbox, m_lastShell.backend, size);
    else if (m_last.language)
        open(m_last, size);
}

void ReplSession::stop()
{
    if (m_current != 0)
        m_controller.cancel(m_current);
}

void ReplSession::setWorkspace(const QList<Core::InputFile> &inputFiles, const QString &keptWorkspace)
{
    m_inputFiles = inputFiles;
    m_keptWorkspace = keptWorkspace;
}

void ReplSession::writeInput(const QByteArray &bytes)
{
    if (m_current != 0)
        m_controller.writeInput(m_current, bytes);
}

void ReplSession::resize(Core::TerminalSize size)
{
    if (m_current == 0)
        return;
    m_size = size;
    m_controller.resizeTerminal(m_current, size);
}

void ReplSession::setCurrent(Core::RunId id)
{
    const bool wasActive = m_current != 0;
    m_current = id;
    if (wasActive != (id != 0))
        Q_EMIT activeChanged(id != 0);
}

} // namespace Sandpit::Ui
