#include "engine/runcontroller.h"

#include "engine/backend.h"
#include "engine/runworker.h"

#include <QThread>

#include <utility>

namespace Sandpit::Core {

RunController::RunController(std::vector<std::unique_ptr<Backend>> backends, QObject *parent)
    : RunEvents(parent)
    , m_thread(new QThread)
    , m_worker(new RunWorker(std::move(backends)))
{
    qRegisterMetaType<RunId>("Sandpit::Core::RunId");
    qRegisterMetaType<RunRequest>();
    qRegisterMetaType<RunResult>();
    qRegisterMetaType<RunError>();
    qRegisterMetaType<OutputStream>();
    qRegisterMetaType<ArtifactListing>();

    m_thread->setObjectName(QStringLiteral("sandpit-engine"));
    m_worker->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &RunWorker::outputReceived, this, &RunController::onOutput);
    connect(m_worker, &RunWorker::artifactsListed, this, &RunController::onArtifacts);
    connect(m_worker, &RunWorker::inputBacklogChanged, this, [this](RunId id, qint64 bytes) {
        if (wantsEverything(id))
            Q_EMIT inputBacklogChanged(id, bytes);
    });
    connect(m_worker, &RunWorker::runFinished, this, &RunController::onFinished);
    connect(m_worker, &RunWorker::runFailed, this, &RunController::onFailed);
    m_thread->start();
}

RunController::~RunController()
{
    // The worker is deleted on its own thread once the thread's loop ends; its destructor
    // kills every process tree still running, before wait() in ThreadStopper returns.
    disconnect(m_worker, nullptr, this, nullptr);
}

RunId RunController::start(const RunRequest &request)
{
    const RunId id = m_nextId++;
    m_runs.insert(id, Interest::Everything);
    m_worker->start(id, request);
    return id;
}

void RunController::cancel(RunId id)
{
    if (!wantsEverything(id))
        return;
    m_runs.insert(id, Interest::ResultOnly);
    m_worker->cancel(id);
}

void RunController::abandon(RunId id)
{
    const auto run = m_runs.find(id);
    if (run == m_runs.end() || *run == Interest::Nothing)
        return;
    // A cancelled run is already stopping; a second cancel would only repeat the signal.
    if (std::exchange(*run, Interest::Nothing) == Interest::Everything)
        m_worker->cancel(id);
}

void RunController::writeInput(RunId id, const QByteArray &data)
{
    if (wantsEverything(id))
        m_worker->writeInput(id, data);
}

void RunController::closeInput(RunId id)
{
    if (wantsEverything(id))
        m_worker->closeInput(id);
}

void RunController::resizeTerminal(RunId id, const TerminalSize &size)
{
    if (wantsEverything(id))
        m_worker->resizeTerminal(id, size);
}

void RunController::onOutput(RunId id, OutputStream stream, const QByteArray &data)
{
    if (wantsEverything(id))
        Q_EMIT outputReceived(id, stream, data);
}

void RunController::onArtifacts(RunId id, const ArtifactListing &listing)
{
    if (wantsEverything(id))
        Q_EMIT artifactsListed(id, listing);
}

bool RunController::endRun(RunId id)
{
    const auto run = m_runs.find(id);
    if (run == m_runs.end())
        return false;
    const bool wanted = *run != Interest::Nothing;
    m_runs.erase(run);
    return wanted;
}

void RunController::onFinished(RunId id, const RunResult &result)
{
    if (endRun(id))
        Q_EMIT runFinished(id, result);
}

void RunController::onFailed(RunId id, const RunError &error)
{
    if (endRun(id))
        Q_EMIT runFailed(id, error);
}

} // namespace Sandpit::Core
