#pragma once

#include <sys/types.h>

namespace Sandpit::Helper {

/// The port Sandpit's proxy answers on inside a sandbox, on 127.0.0.1 and ::1: the usual
/// port of HTTP proxies, and the sandbox's loopback is its own, so nothing else holds it.
inline constexpr unsigned short kProxyForwardPort = 3128;

/// Where the proxy's Unix socket appears inside the sandbox (local: a bind mount of the one
/// socket, read-only; connect() on a socket still works there. Docker: the same, as a bind of
/// the container; its /run/sandpit is the control folder, read-only, so not in there). It is
/// the only thing of the host the sandbox can reach.
inline constexpr const char *kProxyFolderInSandbox = "/run/sandpit-proxy";
inline constexpr const char *kProxySocketInSandbox = "/run/sandpit-proxy/proxy.sock";

/// What a program is told, as NAME=VALUE: HTTP_PROXY, HTTPS_PROXY, http_proxy, https_proxy and
/// ALL_PROXY, all http://127.0.0.1:3128. Tools read either spelling, and curl reads only the
/// lower-case http_proxy, so all of them are set. NO_PROXY is never set: a program that asks
/// for a host directly has no route anyway, so an exception would only hide the proxy's log.
inline constexpr const char *kProxyEnvironment[] = {
    "HTTP_PROXY=http://127.0.0.1:3128", "HTTPS_PROXY=http://127.0.0.1:3128", "http_proxy=http://127.0.0.1:3128",
    "https_proxy=http://127.0.0.1:3128", "ALL_PROXY=http://127.0.0.1:3128",
};

/// The forwarder: inside the sandbox's network namespace, listens on 127.0.0.1 and ::1 at
/// kProxyForwardPort, and relays each connection, byte for byte in both directions, to the
/// Unix socket at `proxySocket`. It decides nothing: the proxy outside reads the request and
/// applies the allow-list. Forks a child (non-dumpable, as its parent is) and returns its pid,
/// or -1 with errno set when the ports could not be bound; the child ends with its parent
/// (PR_SET_PDEATHSIG) and is killed with the rest of the run by init. Call it after the root
/// is in place and before the program starts, so the ports are open when the program runs.
pid_t startProxyForwarder(const char *proxySocket);

/// Docker: startProxyForwarder(kProxySocketInSandbox) when the container has the proxy's socket
/// bound in (a run's or a named sandbox's allow-list, DockerContainerKey::proxySocket); 0 when
/// it has none.
pid_t startProxyForwarderIfBound();

} // namespace Sandpit::Helper
