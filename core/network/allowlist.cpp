#include "network/allowlist.h"

#include <QRegularExpression>

#include <arpa/inet.h>

namespace Sandpit::Core {

namespace {

std::unexpected<RunError> badEntry(const QString &entry, const QString &why)
{
    return makeError(RunError::Code::BadRequest,
                     QStringLiteral("The allowed network destination \"%1\" %2. Write host:port, such as "
                                    "pypi.org:443, *.example.org:80 or [::1]:8080.")
                         .arg(entry, why));
}

QString normalName(QString host)
{
    host = host.toLower();
    if (host.endsWith(QLatin1Char('.')))
        host.chop(1);
    return host;
}

// A DNS name: labels of letters, digits, '-' and '_' (some internal hosts use it), 1 to 63
// characters each, not starting or ending with '-'.
bool isHostName(const QString &name)
{
    static const QRegularExpression label(QStringLiteral("^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$"));
    if (name.isEmpty() || name.size() > 253)
        return false;
    const QStringList labels = name.split(QLatin1Char('.'));
    for (const QString &part : labels) {
        if (!label.match(part).hasMatch())
            return false;
    }
    return true;
}

} // namespace

bool AllowedDestination::matches(const QString &otherHost, quint16 otherPort) const
{
    if (otherPort != port)
        return false;
    QString asked = normalName(otherHost);
    if (asked.startsWith(QLatin1Char('[')) && asked.endsWith(QLatin1Char(']')))
        asked = asked.mid(1, asked.size() - 2);
    in6_addr ipv6{};
    if (asked.contains(QLatin1Char(':')) && inet_pton(AF_INET6, asked.toLatin1().constData(), &ipv6) == 1) {
        char canonical[INET6_ADDRSTRLEN] = {};
        inet_ntop(AF_INET6, &ipv6, canonical, sizeof canonical);
        asked = QString::fromLatin1(canonical);
    }
    if (!isPattern())
        return asked == host;
    const QString suffix = host.mid(1); // ".example.org"
    return asked.size() > suffix.size() && asked.endsWith(suffix);
}

QString AllowedDestination::text() const
{
    const bool ipv6 = host.contains(QLatin1Char(':'));
    return (ipv6 ? QStringLiteral("[%1]").arg(host) : host) + QLatin1Char(':') + QString::number(port);
}

Expected<AllowedDestination> parseAllowedDestination(const QString &text)
{
    const QString entry = text.trimmed();
    if (entry.isEmpty())
        return badEntry(entry, QStringLiteral("is empty"));
    if (entry.contains(QLatin1String("://")) || entry.contains(QLatin1Char('/')))
        return badEntry(entry, QStringLiteral("is a URL; give only the host and port"));
    const qsizetype colon = entry.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return badEntry(entry, QStringLiteral("has no port"));
    QString host = entry.left(colon);
    const QString portText = entry.mid(colon + 1);
    bool ok = false;
    const uint port = portText.toUInt(&ok);
    if (!ok || port == 0 || port > 65535)
        return badEntry(entry, QStringLiteral("has no port from 1 to 65535"));

    if (host.startsWith(QLatin1Char('['))) {
        if (!host.endsWith(QLatin1Char(']')))
            return badEntry(entry, QStringLiteral("opens a bracket it does not close"));
        const QString address = host.mid(1, host.size() - 2);
        in6_addr parsed{};
        if (inet_pton(AF_INET6, address.toLatin1().constData(), &parsed) != 1)
            return badEntry(entry, QStringLiteral("has no IPv6 address inside its brackets"));
        char canonical[INET6_ADDRSTRLEN] = {};
        inet_ntop(AF_INET6, &parsed, canonical, sizeof canonical);
        return AllowedDestination{QString::fromLatin1(canonical), static_cast<quint16>(port)};
    }
    if (host.contains(QLatin1Char(':')))
        return badEntry(entry, QStringLiteral("holds an IPv6 address without brackets"));

    host = normalName(host);
    const bool pattern = host.startsWith(QLatin1String("*."));
    const QString name = pattern ? host.mid(2) : host;
    if (name.contains(QLatin1Char('*')))
        return badEntry(entry, QStringLiteral("has a * that is not the whole first part of the name"));
    if (!isHostName(name))
        return badEntry(entry, QStringLiteral("has no valid host name"));
    if (pattern && !name.contains(QLatin1Char('.')))
        return badEntry(entry, QStringLiteral("would match a whole top-level domain"));
    return AllowedDestination{host, static_cast<quint16>(port)};
}

Expected<QList<AllowedDestination>> parseAllowList(const QStringList &entries)
{
    QList<AllowedDestination> list;
    for (const QString &entry : entries) {
        if (entry.trimmed().isEmpty())
            continue;
        Expected<AllowedDestination> parsed = parseAllowedDestination(entry);
        if (!parsed)
            return std::unexpected(parsed.error());
        if (!list.contains(*parsed))
            list.append(*parsed);
    }
    return list;
}

QStringList allowListText(const QList<AllowedDestination> &list)
{
    QStringList text;
    for (const AllowedDestination &entry : list)
        text.append(entry.text());
    return text;
}

bool isAllowed(const QList<AllowedDestination> &list, const QString &host, quint16 port)
{
    for (const AllowedDestination &entry : list) {
        if (entry.matches(host, port))
            return true;
    }
    return false;
}

QString NetworkAttempt::outcomeId() const
{
    if (!allowed)
        return QStringLiteral("denied");
    if (pending)
        return QStringLiteral("pending");
    return failure.isEmpty() ? QStringLiteral("connected") : QStringLiteral("failed");
}

} // namespace Sandpit::Core
