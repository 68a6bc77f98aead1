#include "engine/runworker.h"

#include "engine/backend.h"
#include "engine/backendid.h"
#include "engine/logging.h"

#include <QThread>

namespace Sandpit::Core {

RunWorker::RunWorker(std::vector<std::unique_ptr<Backend>> backends)
    : m_backends(std::move(backends))
{
}

RunWorker::~RunWorker()
{
    // Jobs stop their process trees when destroyed; this runs on the worker thread as it ends.
    qDeleteAll(m_jobs);
}

bool RunWorker::postToOwnThread(auto &&call)
{
    if (QThread::currentThread() == thread())
        return false;
    QMetaObject::invokeMethod(this, std::forward<decltype(call)>(call), Qt::QueuedConnection);
    return true;
}

void RunWorker::start(RunId id, const RunRequest &request)
{
    if (postToOwnThread([this, id, request] { start(id, request); }))
        return;

    Backend *backend = findBackend(request.backend);
    if (!backend) {
        Q_EMIT runFailed(
            id,
            RunError{RunError::Code::BackendUnavailable,
                     QStringLiteral("There is no \"%1\" backend in this build of Sandpit.").arg(request.backend)});
        return;
    }
    launch(id, request, backend, QString());
}

Backend *RunWorker::findBackend(const QString &backendId) const
{
    if (backendId.isEmpty())
        return m_backends.empty() ? nullptr : m_backends.front().get();
    for (const auto &candidate : m_backends) {
        if (candidate->id() == backendId)
            return candidate.get();
    }
    return nullptr;
}

void RunWorker::launch(RunId id, const RunRequest &request, Backend *backend, const QString &notice)
{
    auto job = backend->createJob(request);
    if (!job) {
        qCInfo(lcEngine) << "run" << id << "could not start:" << job.error().message;
        if (!fallBack(id, request, backend, job.error()))
            Q_EMIT runFailed(id, job.error());
        return;
    }
    RunJob *raw = job->release();
    raw->setParent(this);
    m_jobs.insert(id, raw);
    // Shared by the connections below: whether the program has started decides whether a
    // failure may still be answered by running elsewhere.
    auto started = std::make_shared<bool>(false);
    connect(raw, &RunJob::started, this, [started] { *started = true; });
    connect(raw, &RunJob::outputReceived, this,
            [this, id](OutputStream stream, const QByteArray &data) { Q_EMIT outputReceived(id, stream, data); });
    connect(raw, &RunJob::artifactsListed, this,
            [this, id](const ArtifactListing &listing) { Q_EMIT artifactsListed(id, listing); });
    connect(raw, &RunJob::inputBacklogChanged, this,
            [this, id](qint64 bytes) { Q_EMIT inputBacklogChanged(id, bytes); });
    connect(raw, &RunJob::finished, this, [this, id, notice, sandbox = request.sandbox](const RunResult &result) {
        finishJob(id);
        RunResult withNotice = result;
        withNotice.sandbox = sandbox;
        // The job's own notice (a workspace that could not be kept) comes after the fallback's.
        if (!notice.isEmpty())
            withNotice.notice = result.notice.isEmpty() ? notice : notice + QLatin1Char(' ') + result.notice;
        Q_EMIT runFinished(id, withNotice);
    });
    connect(raw, &RunJob::failed, this, [this, id, request, backend, started](const RunError &error) {
        finishJob(id);
        if (*started || !fallBack(id, request, backend, error))
            Q_EMIT runFailed(id, error);
    });
    raw->start();
}

bool RunWorker::fallBack(RunId id, const RunRequest &request, Backend *failedBackend, const RunError &error)
{
    // Only "the backend cannot be reached": a bad program would fail the same way anywhere,
    // and a missing image (RunError::Code::MissingImage) needs the user, who is offered a pull.
    if (error.code != RunError::Code::BackendUnavailable || request.fallbackBackend.isEmpty()
        || request.fallbackBackend == failedBackend->id())
        return false;
    Backend *fallback = findBackend(request.fallbackBackend);
    if (!fallback)
        return false;
    RunRequest again = request;
    again.backend = fallback->id();
    again.fallbackBackend.clear();
    const QString notice = QStringLiteral("%1 could not be used, so this run used the %2 instead. %3")
                               .arg(backendName(failedBackend->id()), backendName(fallback->id()), error.message);
    qCInfo(lcEngine) << "run" << id << "falls back to" << fallback->id() << ":" << error.message;
    launch(id, again, fallback, notice);
    return true;
}

QString RunWorker::backendName(const QString &backendId)
{
    return backendId == kDockerBackendId ? QStringLiteral("Docker") : QStringLiteral("local sandbox");
}

void RunWorker::finishJob(RunId id)
{
    if (RunJob *job = m_jobs.take(id))
        job->deleteLater();
}

void RunWorker::cancel(RunId id)
{
    if (postToOwnThread([this, id] { cancel(id); }))
        return;
    if (RunJob *job = m_jobs.value(id))
        job->cancel();
}

void RunWorker::writeInput(RunId id, const QByteArray &data)
{
    if (postToOwnThread([this, id, data] { writeInput(id, data); }))
        return;
    if (RunJob *job = m_jobs.value(id))
        job->writeInput(data);
}

void RunWorker::closeInput(RunId id)
{
    if (postToOwnThread([this, id] { closeInput(id); }))
        return;
    if (RunJob *job = m_jobs.value(id))
        job->closeInput();
}

void RunWorker::resizeTerminal(RunId id, const TerminalSize &size)
{
    if (postToOwnThread([this, id, size] { resizeTerminal(id, size); }))
        return;
    if (RunJob *job = m_jobs.value(id))
        job->resizeTerminal(size);
}

} // namespace Sandpit::Core
