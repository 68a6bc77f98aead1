#include "network/nonetworkhint.h"

#include <array>

namespace Sandpit::Core {

namespace {
// What a lookup or connect says in a namespace with only a loopback device: the resolver's
// datagram to the name server cannot be sent (EAI_AGAIN), or a connect to an address has no
// route (ENETUNREACH).
constexpr std::array kNoNetworkSigns{
    "Temporary failure in name resolution", // glibc's EAI_AGAIN: Python, C, curl's own words differ
    "Name or service not known",            // EAI_NONAME
    "Network is unreachable",               // ENETUNREACH: C's perror, Python, Java
    "getaddrinfo EAI_AGAIN",                // Node
    "getaddrinfo ENOTFOUND",
    "connect ENETUNREACH",
    "java.net.UnknownHostException",
    "failed to lookup address information", // Rust's std
    "Could not resolve host",               // curl
};

bool hadNoNetwork(const RunResult &result)
{
    if (result.isolation.level != IsolationReport::Level::Full || !result.network.isEmpty())
        return false;
    for (const QString &detail : result.isolation.details) {
        // Shared with the computer (a choice of the user's), or a proxy with an allow-list.
        if (detail.startsWith(QLatin1String("Network: shared")) || detail.startsWith(QLatin1String("Network: only")))
            return false;
    }
    return true;
}
} // namespace

QString noNetworkHint(const RunResult &result, const QByteArray &stderrTail)
{
    const bool endedWithError = result.stage == RunStage::Run && result.killReason == KillReason::None
        && result.exitCode.value_or(0) != 0;
    if (!endedWithError || !hadNoNetwork(result))
        return {};
    for (const char *sign : kNoNetworkSigns) {
        if (stderrTail.contains(sign))
            return QStringLiteral("It tried to reach the network, which programs in Sandpit do not have unless you "
                                  "allow the hosts they may reach (Settings › Network, or --allow-net HOST:PORT).");
    }
    return {};
}

} // namespace Sandpit::Core
