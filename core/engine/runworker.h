#pragma once

#include "engine/runcontroller.h"

#include <QHash>

#include <memory>
#include <vector>

namespace Sandpit::Core {

class RunJob;

/// Runs jobs on the engine's worker thread. Its public methods may be called from any thread:
/// they re-post themselves to the worker's thread, so tests can also drive it directly.
/// It emits RunEvents' signals for every run, none filtered: RunController alone decides which
/// events still matter.
class RunWorker final : public RunEvents
{
    Q_OBJECT
public:
    /// The first backend is used for requests that name none.
    explicit RunWorker(std::vector<std::unique_ptr<Backend>> backends);
    ~RunWorker() override;

    void start(RunId id, const RunRequest &request);
    void cancel(RunId id);
    void writeInput(RunId id, const QByteArray &data);
    void closeInput(RunId id);
    void resizeTerminal(RunId id, const TerminalSize &size);

private:
    bool postToOwnThread(auto &&call);
    Backend *findBackend(const QString &backendId) const;
    void launch(RunId id, const RunRequest &request, Backend *backend, const QString &notice);
    /// Runs `request` on its fallback backend when `error` says its own cannot be reached.
    bool fallBack(RunId id, const RunRequest &request, Backend *failedBackend, const RunError &error);
    static QString backendName(const QString &backendId);
    void finishJob(RunId id);

    std::vector<std::unique_ptr<Backend>> m_backends;
    QHash<RunId, RunJob *> m_jobs; // owned; deleted with deleteLater when they end
};

} // namespace Sandpit::Core
