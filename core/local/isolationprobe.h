#pragma once

#include "local/sandboxcheck.h"

#include <QObject>

#include <memory>

namespace Sandpit::Core {

class LocalJob;

/// Finds out what the local sandbox gives a run on this computer now, by making one: the
/// helper builds the sandbox exactly as for a run (same helper, same read-only folders, same
/// workspace size), allowed to step down so that it says how far it got, and a shell inside
/// reports what it sees (/proc/self/status, uid_map, the network devices, the root mount).
/// The level it reaches is the level the next run reports. Lives on a thread with an event
/// loop (the engine's, or the doctor's own); never the GUI thread, since it starts processes.
class IsolationProbe final : public QObject
{
    Q_OBJECT
public:
    /// `helperPath` empty: LocalBackend::findHelper(), as a run finds it.
    explicit IsolationProbe(QString helperPath = {}, QObject *parent = nullptr);
    ~IsolationProbe() override;

    /// Starts the probe; finished() follows once, asynchronously.
    void start();

Q_SIGNALS:
    void finished(const Sandpit::Core::LocalSandboxCheck &check);

private:
    void fail(const QString &why);

    QString m_helperPath;
    std::unique_ptr<LocalJob> m_job;
};

} // namespace Sandpit::Core
