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

} // namespace Sandpit::Core
