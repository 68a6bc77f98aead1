#pragma once

#include "network/allowlist.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// Reads a package index's address ("https://pypi.org/simple"): http or https with a host.
/// The destination is its host and port, the port from the scheme when the URL has none. A
/// bad address is a BadRequest sentence that quotes it.
Expected<AllowedDestination> packageIndexDestination(const QString &url);

/// Where an install from `index` may go, and nowhere else: the index's own host:port, then
/// `fileHosts` (the hosts it sends files from: PyPI's pages link to files.pythonhosted.org:443).
/// Setting an index is the user allowing the install, not the program, to reach these. Empty
/// when `index` is empty: an install from the wheelhouse alone has no network.
Expected<QList<AllowedDestination>> packageInstallNetwork(const QString &index, const QStringList &fileHosts);

/// What pip's --trusted-host needs for `index` ("devpi.school.lan:3141"): its host, and its
/// port when the URL names one, for an http index; empty for https (or no address). pip drops
/// an http index on any host but loopback as "not a trusted or secure host"; the user chose
/// it, and the proxy still lets the install reach only the listed hosts.
QString packageIndexTrustedHost(const QString &index);

} // namespace Sandpit::Core
