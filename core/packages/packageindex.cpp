#include "packages/packageindex.h"

#include <QUrl>

namespace Sandpit::Core {

Expected<AllowedDestination> packageIndexDestination(const QString &url)
{
    const QUrl parsed(url.trimmed(), QUrl::StrictMode);
    const QString scheme = parsed.scheme();
    const bool web = scheme == QLatin1String("https") || scheme == QLatin1String("http");
    if (!parsed.isValid() || !web || parsed.host().isEmpty())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The package index \"%1\" is not an index's address: it must start with "
                                        "https:// or http:// and name a host, as https://pypi.org/simple does.")
                             .arg(url));
    const int port = parsed.port(scheme == QLatin1String("https") ? 443 : 80);
    // QUrl gives an IPv6 host without its brackets; the allow-list spells it with them.
    const QString host = parsed.host().contains(QLatin1Char(':')) ? QLatin1Char('[') + parsed.host() + QLatin1Char(']')
                                                                 : parsed.host();
    return parseAllowedDestination(host + QLatin1Char(':') + QString::number(port));
}

Expected<QList<AllowedDestination>> packageInstallNetwork(const QString &index, const QStringList &fileHosts)
{
    if (index.isEmpty())
        return QList<AllowedDestination>();
    auto own = packageIndexDestination(index);
    if (!own)
        return std::unexpected(own.error());
    auto files = parseAllowList(fileHosts);
    if (!files)
        return std::unexpected(files.error());
    QList<AllowedDestination> network{*own};
    for (const AllowedDestination &host : *files) {
        if (!network.contains(host))
            network << host;
    }
    return network;
}

} // namespace Sandpit::Core
