#pragma once
// What the tests of the network allow-list share: an entry for a server on the host's
// loopback, the program that tries to reach the servers every way, and its output as lines.

#include "network/allowlist.h"
#include "support/loopbackserver.h"
#include "support/runharness.h"

#include <QStringList>

namespace SandpitTest {

inline Sandpit::Core::AllowedDestination allowLoopback(quint16 port)
{
    return *Sandpit::Core::parseAllowedDestination(QStringLiteral("127.0.0.1:%1").arg(port));
}

/// tests/fixtures/network/reach_servers.py: HTTP servers `a` and `b` through the proxy
/// variables, a CONNECT tunnel to echo server `e`, a raw connect to `a`; a line each.
inline Sandpit::Core::RunRequest reachServers(const LoopbackServer &a, const LoopbackServer &b, const LoopbackServer &e,
                                              const QStringList &extra = {})
{
    return pythonRequest(fixture(QStringLiteral("network/reach_servers.py")),
                         QStringList{QString::number(a.port()), QString::number(b.port()), QString::number(e.port())}
                             + extra);
}

inline QStringList outputLines(const QByteArray &out)
{
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace SandpitTest
