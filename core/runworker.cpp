#include "runworker.h"

#include "backend.h"
#include "logging.h"

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

    Backend *backend = m_backends.empty() ? nullptr : m_backends.front().get();
    if (!request.backend.isEmpty()) {
        backend = nullptr;
        for (const auto &candidate : m_backends) {
            if (candidate->id() == request.backend)
                backend = candidate.get();
        }
    }
    if (!backend) {
        Q_EMIT failed(id, RunError{RunError::Code::BackendUnavailable,
                                   QStringLiteral("There is no \"%1\" backend in this build of Sandpit.")
                                       .arg(request.backend)});
        return;
    }

    auto job = backend->createJob(request);
    if (!job) {
        qCInfo(lcEngine) << "run" << id << "could not start:" << job.error().message;
        Q_EMIT failed(id, job.error());
        return;
    }
    RunJob *raw = job->release();
    raw->setParent(this);
    m_jobs.insert(id, raw);
    connect(raw, &RunJob::started, this, [this, id] { Q_EMIT started(id); });
    connect(raw, &RunJob::outputReceived, this,
            [this, id](OutputStream stream, const QByteArray &data) { Q_EMIT outputReceived(id, stream, data); });
    connect(raw, &RunJob::finished, this, [this, id](const RunResult &result) {
        finishJob(id);
        Q_EMIT finished(id, result);
    });
    connect(raw, &RunJob::failed, this, [this, id](const RunError &error) {
        finishJob(id);
        Q_EMIT failed(id, error);
    });
    raw->start();
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

} // namespace Sandpit::Core
