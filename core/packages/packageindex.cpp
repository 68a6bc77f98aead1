#include "packages/packageindex.h"

#include <QUrl>

namespace Sandpit::Core {

namespace {

// QUrl gives an IPv6 host without its brackets; the allow-list and pip spell it with them.
QString bracketedHost(const QUrl &url)
{
    const QString host = url.host();
    return host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
}

} // namespace

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
    return parseAllowedDestination(bracketedHost(parsed) + QLatin1Char(':') + QString::number(port));
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

QString packageIndexTrustedHost(const QString &index)
{
    const QUrl parsed(index.trimmed(), QUrl::StrictMode);
    if (!parsed.isValid() || parsed.scheme() != QLatin1String("http") || parsed.host().isEmpty())
        return {};
    // pip compares the index's netloc: host alone trusts every port, host:port only that one.
    const QString host = bracketedHost(parsed);
    return parsed.port() < 0 ? host : host + QLatin1Char(':') + QString::number(parsed.port());
}

} // namespace Sandpit::Core
