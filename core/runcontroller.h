#pragma once

#include "artifactlisting.h"
#include "runerror.h"
#include "runrequest.h"
#include "runresult.h"

#include <QObject>
#include <QSet>

#include <memory>
#include <vector>

class QThread;

namespace Sandpit::Core {

class Backend;
class RunWorker;

using RunId = quint64;
/// An image pull's id; its own sequence, apart from runs.
using PullId = quint64;

/// The GUI-thread face of the engine. It owns the worker thread on which backends run, and
/// turns the worker's events into signals for one run id each. Output of a cancelled run and
/// any event for a run it no longer tracks (finished, failed or unknown) are dropped, so a
/// late event can never be shown against the wrong run.
class RunController final : public QObject
{
    Q_OBJECT
public:
    explicit RunController(std::vector<std::unique_ptr<Backend>> backends, QObject *parent = nullptr);
    ~RunController() override;

    /// Queues the run and returns its id at once; runStarted or runFailed follows.
    RunId start(const RunRequest &request);
    /// Stops the run and its whole process tree. Its result arrives with KillReason::Cancelled.
    void cancel(RunId id);
    void writeInput(RunId id, const QByteArray &data);
    void closeInput(RunId id);
    bool isActive(RunId id) const { return m_active.contains(id); }

    /// Pulls a Docker image (e.g. "python:3.12-slim", "registry:5000/x/y@sha256:…") into the
    /// daemon named by DOCKER_HOST, on a thread of its own. imagePullProgress follows, then
    /// imagePullFinished or imagePullFailed.
    PullId pullImage(const QString &image);
    /// Stops the pull. Nothing more is reported for it, not even a failure.
    void cancelPull(PullId id);
    bool isPulling(PullId id) const { return m_activePulls.contains(id); }

Q_SIGNALS:
    void runStarted(Sandpit::Core::RunId id);
    void outputReceived(Sandpit::Core::RunId id, Sandpit::Core::OutputStream stream, const QByteArray &data);
    /// While a run goes: the files in its output folder so far, each time that changed (local
    /// sandbox, and Docker with the workspace bound). The result's list is the final word.
    void artifactsListed(Sandpit::Core::RunId id, const Sandpit::Core::ArtifactListing &listing);
    void runFinished(Sandpit::Core::RunId id, const Sandpit::Core::RunResult &result);
    void runFailed(Sandpit::Core::RunId id, const Sandpit::Core::RunError &error);
    /// `fraction` in 0..1, or below 0 while the download's size is not known yet (a busy bar).
    void imagePullProgress(Sandpit::Core::PullId id, double fraction, const QString &status);
    void imagePullFinished(Sandpit::Core::PullId id);
    void imagePullFailed(Sandpit::Core::PullId id, const Sandpit::Core::RunError &error);

private:
    void onStarted(RunId id);
    void onOutput(RunId id, OutputStream stream, const QByteArray &data);
    void onFinished(RunId id, const RunResult &result);
    void onFailed(RunId id, const RunError &error);
    void onPullProgress(PullId id, double fraction, const QString &status);
    void onPullFinished(PullId id);
    void onPullFailed(PullId id, const RunError &error);

    struct ThreadStopper {
        void operator()(QThread *thread) const;
    };
    std::unique_ptr<QThread, ThreadStopper> m_thread;
    RunWorker *m_worker = nullptr; // lives on m_thread, deleted when it finishes
    RunId m_nextId = 1;
    QSet<RunId> m_active;
    QSet<RunId> m_cancelled;
    PullId m_nextPullId = 1;
    QSet<PullId> m_activePulls;
};

} // namespace Sandpit::Core
