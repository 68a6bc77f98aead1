#pragma once

#include "base/filedescriptor.h"
#include "files/workspace.h"
#include "files/workspacebudget.h"
#include "model/runerror.h"
#include "model/runresult.h"

#include <QProcess>
#include <QStringList>

#include <memory>

namespace Sandpit::Core {

/// A sandbox built ahead of the run: sandpit-helper in prepared mode (see
/// core/helper/protocol.h) has made the namespaces and the new root, and waits for a job.
/// Single-use: each run takes one, and nothing of it is ever reused.
class PreparedSandbox final
{
public:
    struct Config {
        QString helperPath;
        QStringList readOnlyPaths;
        qint64 workSizeBytes = kWorkspaceBytes;
        /// See RunRequest::weakestIsolation; the helper fails closed past it.
        IsolationReport::Level weakestIsolation = IsolationReport::Level::Full;
        /// The engine's compiled filter (FilterImage::fd), or -1: the helper compiles its own.
        int seccompFd = -1;
        /// Set: the run joins the named sandbox whose state is in this folder (--enter).
        QString enterStateDir = {};
        /// Set: the run's network proxy (core/network/networkproxy.h), shown inside as
        /// /run/sandpit-proxy/proxy.sock with the forwarder to it; such a sandbox serves that run only.
        QString proxySocket = {};
    };

    PreparedSandbox(PreparedSandbox &&) noexcept = default;
    PreparedSandbox &operator=(PreparedSandbox &&) noexcept = default;
    /// An unused sandbox is taken down: its helper is killed, and init and the namespaces
    /// go with it.
    ~PreparedSandbox();

    /// Starts the helper; it builds the sandbox while the caller goes on.
    static Expected<PreparedSandbox> start(const Config &config);

    /// False when the helper already ended (it could not build the sandbox, or was killed).
    bool isAlive() const;
    const Workspace &workspace() const { return m_workspace; }
    /// What this sandbox was built to allow: a run that allows otherwise needs another.
    IsolationReport::Level weakestIsolation() const { return m_weakest; }
    /// The helper process, for the job that takes this sandbox.
    std::unique_ptr<QProcess> takeProcess() { return std::move(m_process); }
    Workspace takeWorkspace() { return std::move(m_workspace); }
    /// What the helper tells the engine beside the output (see --events-fd in
    /// core/helper/protocol.h); invalid if the pipe could not be made.
    FileDescriptor takeEvents() { return std::move(m_events); }
    /// The write end of the helper's control channel (see --control-fd in
    /// core/helper/protocol.h), non-blocking: a run on a terminal is resized through it.
    /// Invalid if the pipe could not be made.
    FileDescriptor takeControl() { return std::move(m_control); }

private:
    PreparedSandbox(Workspace workspace, std::unique_ptr<QProcess> process, FileDescriptor events);

    Workspace m_workspace;
    std::unique_ptr<QProcess> m_process;
    FileDescriptor m_events;
    FileDescriptor m_control;
    IsolationReport::Level m_weakest = IsolationReport::Level::Full;
};

} // namespace Sandpit::Core
