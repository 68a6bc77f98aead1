#include "exercises/checkcontroller.h"

#include "engine/backend.h"
#include "engine/ownedthread.h"
#include "exercises/checkworker.h"

#include <QFileInfo>

namespace Sandpit::Core {

CheckRequest checkRequestFor(const Exercise &exercise, const QString &languageId, const QString &learnerFile,
                             const RunRequest &engine)
{
    CheckRequest request;
    request.exercise = exercise;
    request.languageId = languageId;
    request.learnerFile = QFileInfo(learnerFile).absoluteFilePath();
    request.backend = engine.backend;
    request.fallbackBackend = engine.fallbackBackend;
    request.image = engine.image;
    request.baseLimits = engine.limits;
    request.weakestIsolation = engine.weakestIsolation;
    request.importPolicy = engine.importPolicy;
    return request;
}

CheckController::CheckController(std::vector<std::unique_ptr<Backend>> backends, QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new CheckWorker(std::move(backends)))
{
    qRegisterMetaType<TestOutcome>();
    qRegisterMetaType<CheckReport>();
    qRegisterMetaType<RunError>();
    qRegisterMetaType<RunResult>();
    qRegisterMetaType<RunRequest>();
    m_thread->setObjectName(QStringLiteral("sandpit-check"));
    m_worker->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &CheckWorker::testStarted, this, [this](quint64 id, int index, const QString &name) {
        if (id == m_current)
            Q_EMIT testStarted(index, name);
    });
    connect(m_worker, &CheckWorker::testFinished, this, [this](quint64 id, int index, const TestOutcome &outcome) {
        if (id == m_current)
            Q_EMIT testFinished(index, outcome);
    });
    connect(m_worker, &CheckWorker::checkFinished, this, [this](quint64 id, const CheckReport &report) {
        if (id != m_current)
            return;
        m_current = 0;
        Q_EMIT checkFinished(report);
    });
    connect(m_worker, &CheckWorker::checkFailed, this, [this](quint64 id, const RunError &error) {
        if (id != m_current)
            return;
        m_current = 0;
        Q_EMIT checkFailed(error);
    });
    m_thread->start();
}

CheckController::~CheckController()
{
    // The worker is deleted on its own thread as the thread ends; its engine's jobs stop their
    // process trees then, before ThreadStopper's wait() returns.
    disconnect(m_worker, nullptr, this, nullptr);
}

void CheckController::start(const CheckRequest &request)
{
    // The worker drops the Check before when it takes this one; m_current drops its late events.
    m_current = m_nextId++;
    m_worker->start(m_current, request);
}

void CheckController::cancel()
{
    if (m_current)
        m_worker->cancel(m_current);
}

bool CheckController::isRunning() const
{
    return m_current != 0;
}

} // namespace Sandpit::Core
