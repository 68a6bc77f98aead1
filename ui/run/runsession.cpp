#include "run/runsession.h"

#include "engine/runrequestbuilder.h"
#include "languages/language.h"
#include "run/argumentline.h"

#include <QFileInfo>

#include <utility>

namespace Sandpit::Ui {

RunSession::RunSession(Core::RunController &controller, const Core::EngineSettings &settings, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_settings(settings)
{
    // The controller passes on no event of a run this session has abandoned; the id check
    // keeps out the runs of the controller's other client, the window's REPL (ReplSession).
    connect(&m_controller, &Core::RunController::outputReceived, this,
            [this](Core::RunId id, Core::OutputStream stream, const QByteArray &data) {
                if (id == m_current)
                    onOutput(stream, data);
            });
    connect(&m_controller, &Core::RunController::artifactsListed, this,
            [this](Core::RunId id, const Core::ArtifactListing &listing) {
                if (id == m_current)
                    Q_EMIT artifactsListed(listing);
            });
    connect(&m_controller, &Core::RunController::runFinished, this,
            [this](Core::RunId id, const Core::RunResult &result) {
                if (id == m_current)
                    onFinished(result);
            });
    connect(&m_controller, &Core::RunController::runFailed, this, [this](Core::RunId id, const Core::RunError &error) {
        if (id == m_current)
            onFailed(error);
    });
}

Core::RunRequestBuilder RunSession::requestBuilder(const Core::Language *language, const QString &fileName,
                                                   const QString &code, const Core::EngineSettings &settings)
{
    Core::RunRequestBuilder builder(settings);
    builder
        .editorProgram(language, fileName, code)
        // The input line can send more at any time, so stdin stays open until Ctrl+D or the
        // end. stdout is a pipe: a prompt shows before the user types only if the program does
        // not buffer it (Python runs with -u; C's stdio buffers a pipe fully, see the README).
        .stdinOpen()
        // The output pane shows the output as it arrives and records it for Save output….
        .outputStreamedOnly();
    return builder;
}

void RunSession::run(const Core::Language *language, const QString &fileName, const QString &code)
{
    start(language, fileName, code, std::nullopt, std::nullopt);
}

void RunSession::runInSandbox(const Core::Language *language, const QString &fileName, const QString &code,
                              const QString &sandbox, const QString &backend)
{
    m_sandbox = {sandbox, backend};
    start(language, fileName, code, std::nullopt, std::nullopt);
    m_sandbox = {};
}

void RunSession::runWithInput(const Core::Language *language, const QString &fileName, const QString &code,
                              const QByteArray &stdinData, const std::optional<QByteArray> &expectedStdout)
{
    start(language, fileName, code, stdinData, expectedStdout);
}

void RunSession::start(const Core::Language *language, const QString &fileName, const QString &code,
                       const std::optional<QByteArray> &stdinData, const std::optional<QByteArray> &expectedStdout)
{
    Q_EMIT runRequested();
    if (m_current != 0)
        m_controller.abandon(m_current);
    m_expectedStdout = expectedStdout;
    m_stdout.clear();

    Core::RunRequestBuilder builder = requestBuilder(language, fileName, code, m_settings);
    if (stdinData)
        builder.stdinData(*stdinData);
    if (m_sandbox.name.isEmpty())
        builder.attach(m_inputFiles).workspace(m_keptWorkspace);
    const auto built = builder.arguments(m_arguments).build();
    if (!built) {
        setCurrent(0);
        Q_EMIT runFailed(built.error().error);
        return;
    }
    Core::RunRequest request = *built;
    if (!m_sandbox.name.isEmpty()) {
        // Where the sandbox is, or nowhere: never a fresh sandbox in its place.
        request.sandbox = m_sandbox.name;
        request.backend = m_sandbox.backend;
        request.fallbackBackend.clear();
    }
    request.keepArtifacts = Core::ArtifactStore::reserve(m_artifactStore);
    m_stdinOpen = request.keepStdinOpen;
    setCurrent(m_controller.start(request));
    m_request = request;
    m_placeReader = Core::DiagnosticParser(language->diagnosticFormats, request.sources);
    // The arguments in the name of the run: a learner sees what the program was given.
    const QString command = QStringList{request.entryFile, joinArgumentLine(request.arguments)}.join(QLatin1Char(' '));
    const QString where
        = request.sandbox.isEmpty() ? QString() : QStringLiteral(" in the sandbox “%1”").arg(request.sandbox);
    Q_EMIT runStarting(QStringLiteral("%1 (%2)%3").arg(command.trimmed(), language->name, where));
}

void RunSession::setBackend(const QString &backendId)
{
    m_settings.backend = backendId;
}

void RunSession::stop()
{
    // The run stays current until its result (with KillReason::Cancelled) arrives.
    if (m_current != 0)
        m_controller.cancel(m_current);
}

void RunSession::writeInput(const QByteArray &data)
{
    if (m_current != 0)
        m_controller.writeInput(m_current, data);
}

void RunSession::closeInput()
{
    if (m_current != 0)
        m_controller.closeInput(m_current);
}

void RunSession::onOutput(Core::OutputStream stream, const QByteArray &data)
{
    if (m_expectedStdout && stream == Core::OutputStream::Stdout) {
        // Past this much more than expected, stdout differs anyway; keeping the rest would
        // only let a flooding program fill memory.
        constexpr qsizetype kSlackBytes = 64 * 1024;
        const qsizetype room = m_expectedStdout->size() + kSlackBytes - m_stdout.size();
        if (room > 0)
            m_stdout.append(data.left(room));
    }
    Q_EMIT outputReceived(stream, data);
}

void RunSession::onFinished(const Core::RunResult &result)
{
    setCurrent(0);
    Core::RunResult checked = result;
    if (const auto expected = std::exchange(m_expectedStdout, std::nullopt))
        checked.outputCheck = Core::OutputComparison::compare(*expected, std::exchange(m_stdout, {}));
    Q_EMIT runFinished(checked);
    Q_EMIT runCompleted(std::exchange(m_request, {}), checked);
}

void RunSession::onFailed(const Core::RunError &error)
{
    setCurrent(0);
    Q_EMIT runFailed(error);
}

void RunSession::setCurrent(Core::RunId id)
{
    const bool wasActive = m_current != 0;
    m_current = id;
    if (wasActive != (id != 0))
        Q_EMIT activeChanged(id != 0);
    const bool inputOpen = id != 0 && m_stdinOpen;
    if (std::exchange(m_inputOpen, inputOpen) != inputOpen)
        Q_EMIT inputOpenChanged(inputOpen);
}

void RunSession::setWorkspace(const QList<Core::InputFile> &inputFiles, const QString &keptWorkspace,
                              const QStringList &arguments)
{
    m_inputFiles = inputFiles;
    m_keptWorkspace = keptWorkspace;
    m_arguments = arguments;
}

} // namespace Sandpit::Ui
