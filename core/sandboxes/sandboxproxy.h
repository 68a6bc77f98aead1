#pragma once

#include "model/runerror.h"
#include "network/allowlist.h"
#include "sandboxes/localsandboxrecord.h"

#include <QList>
#include <QString>

namespace Sandpit::Core {

/// The network proxy of a named sandbox with an allow-list (SandboxSpec::network), on either
/// backend. A sandbox outlives the window, so its proxy cannot live in the engine as a fresh
/// run's does: it is `sandpit-proxy` (core/network/proxyprogram/), a process of the user's own in
/// a session of its own, serving the sandbox's folder. Its contract, all files in that folder:
///
///   sandpit-proxy FOLDER HOST:PORT...
/// starts a NetworkProxy with its socket in FOLDER and its attempts appended to kAttemptLog,
/// then writes kRecordFile (pid, start, socket, or error). It then waits for kWatchFile (the pid
/// and start time of the process whose end is the sandbox's: the local keeper, a container's
/// first process) and ends when that process does, on SIGTERM, or when no watch file comes
/// (the create failed) or the folder goes. It never outlives the sandbox: the kernel tells it
/// of the process's end through a pidfd, so no polling and no engine is needed.
class SandboxProxy final
{
public:
    static constexpr const char *kRecordFile = "proxy";
    static constexpr const char *kWatchFile = "proxy.watch";
    /// One JSON line per attempt, allowed or denied ({"host","port","allowed"}); kept with the
    /// sandbox's other files until `rm`, bounded as ProxyServer says (kDeniedLogBytes).
    static constexpr const char *kAttemptLog = "network.log";

    /// sandpit-proxy as the helpers are found (SANDPIT_PROXY, beside the binary, ../libexec).
    static QString findProgram();

    /// Starts the proxy for `folder` and returns the host path of its socket once it listens.
    /// The caller then makes the sandbox (binding the socket in) and calls watch(); a proxy
    /// that is never told whom to watch ends by itself.
    static Expected<QString> start(const QString &folder, const QList<AllowedDestination> &allowed);
    /// Tells the proxy of `folder` to end with `process`.
    static Expected<void> watch(const QString &folder, const ProcessIdentity &process);
    /// Ends the proxy of `folder` if it still runs (SIGTERM, then SIGKILL) and waits for its end.
    /// Blocking, as every SandboxStore call is.
    static void end(const QString &folder);
    /// The proxy's process as its record names it; pid 0 without a record.
    static ProcessIdentity process(const QString &folder);

    /// Where a command's attempts begin: the log's size when it starts.
    static qint64 attemptLogSize(const QString &folder);
    /// The attempts logged from `offset` on, in order. The proxy serves the whole sandbox and
    /// cannot tell its clients apart, so a command's share (from its start offset to its end)
    /// holds every attempt made in the sandbox meanwhile: another command's, a background job's.
    static QList<NetworkAttempt> attemptsSince(const QString &folder, qint64 offset);
};

} // namespace Sandpit::Core
