#pragma once

#include "model/runerror.h"
#include "model/runresult.h"
#include "network/allowlist.h"

#include <QList>
#include <QString>

#include <memory>

namespace Sandpit::Core {

class ProxyServer;

/// Sandpit's HTTP(S) proxy for one run, the only way out of a sandbox that
/// has a network allow-list. It listens on a Unix socket (mode 0666, inside a private 0700
/// folder of its own that it makes and removes), which the sandbox is given as
/// /run/sandpit-proxy/proxy.sock (core/helper/proxyforward.h: the forwarder inside turns it into
/// 127.0.0.1:3128). It allows `CONNECT host:port` and absolute-form plain requests
/// (`GET http://host:port/path`, passed on in origin form with `Connection: close`) only to
/// the allowed destinations, decided by isAllowed() on the host as the program wrote it, then
/// resolves the name on the host and refuses the host's own and its link's addresses reached
/// through a name (internaladdress.h); anything else gets 403 (or 400/431 for a request it
/// cannot read, a host over kMaxProxyHostLength) with a body that says why. A plain request's
/// Host header is the target's, whatever the program sent. Every attempt, allowed or denied, is
/// logged in order, up to kMaxListedAttempts (proxyserver.h).
///
/// It runs on threads of its own (POSIX sockets, no event loop): one accepts, one per client
/// (at most kMaxProxyClients at once) reads its request within a bounded header and a deadline,
/// resolves, connects and relays; a stalled client holds only its own thread. The destructor
/// stops them all, closes every connection and removes the socket and its folder.
///
/// A fresh run keeps it in the engine and reads attempts(). A named sandbox outlives the
/// window, so its proxy runs in sandpit-proxy, a program of its own that ends with the sandbox
/// (core/sandboxes/sandboxproxy.h); its commands read their attempts from `attemptLog`, which,
/// when set, gets each attempt appended as a JSON line {"host":…,"port":…,"allowed":…} (with
/// "failure":… for an allowed one that could not connect) as it ends or relays; readAttemptLog()
/// reads them back.
class NetworkProxy final
{
public:
    /// Makes a private folder (mode 0700, `sandpit-run-proxy-*` with an owner file, so that
    /// RunFolders::removeAbandoned() sweeps it after a kill) under `parentFolder` (empty:
    /// RunFolders::parent(), else $XDG_RUNTIME_DIR, else the system's temporary folder), listens on `proxy.sock` in it and starts serving.
    /// An empty `allowed` is refused (BadRequest): no list means no proxy at all.
    static Expected<std::unique_ptr<NetworkProxy>> start(const QList<AllowedDestination> &allowed,
                                                         const QString &attemptLog = {},
                                                         const QString &parentFolder = {});
    ~NetworkProxy();
    NetworkProxy(const NetworkProxy &) = delete;
    NetworkProxy &operator=(const NetworkProxy &) = delete;

    /// The socket's path on the host, for the bind mount.
    QString socketPath() const;
    /// The attempts so far, in the order they came; thread-safe.
    QList<NetworkAttempt> attempts() const;

private:
    NetworkProxy(std::unique_ptr<ProxyServer> server, QString folder);
    std::unique_ptr<ProxyServer> m_server;
    QString m_folder;
};

/// The attempts a proxy with `attemptLog` wrote to `path`, in order, from byte `from` on (a named
/// sandbox's command reads only its own). A missing file is an empty list; a line that is not an
/// attempt (one cut short by a killed proxy) is skipped.
QList<NetworkAttempt> readAttemptLog(const QString &path, qint64 from = 0);

/// The isolation report's line for a run with this list: "Network: only through Sandpit's
/// proxy, to pypi.org:443, example.org:80."
QString proxiedNetworkLine(const QList<AllowedDestination> &allowed);

/// Puts proxiedNetworkLine() in place of the report's "Network: …" line (the sandbox itself
/// only knows that it has no network of its own); both backends call it for a run with a list.
void showProxiedNetwork(IsolationReport &report, const QList<AllowedDestination> &allowed);

} // namespace Sandpit::Core
