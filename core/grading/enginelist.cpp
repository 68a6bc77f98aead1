#include "grading/enginelist.h"

#include <QUrl>

namespace Sandpit::Core {

namespace {
const QString kExamples = QStringLiteral("unix:///var/run/docker.sock or tcp://host:2376");

std::expected<QString, QString> unixEngine(const QString &url)
{
    if (!url.mid(7).startsWith(u'/'))
        return std::unexpected(QStringLiteral("%1 names no socket: a unix:// engine is the socket's absolute path, "
                                              "as in unix:///var/run/docker.sock")
                                   .arg(url));
    return url;
}

std::expected<QString, QString> tcpEngine(QString url)
{
    while (url.endsWith(u'/') && url.size() > 6)
        url.chop(1);
    const QUrl parsed(url, QUrl::StrictMode);
    const bool plain = parsed.isValid() && parsed.path().isEmpty() && !parsed.hasQuery() && !parsed.hasFragment()
        && parsed.userInfo().isEmpty();
    if (!plain || parsed.host().isEmpty())
        return std::unexpected(
            QStringLiteral("%1 is not a host and port: a tcp:// engine is tcp://host or tcp://host:port, as in "
                           "tcp://grader.example.org:2376")
                .arg(url));
    if (parsed.port() == 0)
        return std::unexpected(QStringLiteral("%1 has port 0: give the port the engine listens on").arg(url));
    return url;
}

std::expected<QString, QString> parseEngine(const QString &text)
{
    const QString url = text.trimmed();
    if (url.contains(QLatin1Char(' ')) || url.contains(QLatin1Char('\t')))
        return std::unexpected(QStringLiteral("\"%1\" is more than one URL: give one engine per line").arg(url));
    if (url.startsWith(QLatin1String("unix://")))
        return unixEngine(url);
    if (url.startsWith(QLatin1String("tcp://")))
        return tcpEngine(url);
    if (url.startsWith(QLatin1String("ssh://")))
        return std::unexpected(
            QStringLiteral("%1: ssh:// engines are not supported. Forward the engine's socket (ssh -L "
                           "/tmp/docker.sock:/var/run/docker.sock host) and give unix:///tmp/docker.sock, or give "
                           "the engine TLS and use tcp://host:2376")
                .arg(url));
    return std::unexpected(QStringLiteral("%1 is no Docker engine: give %2").arg(url, kExamples));
}
} // namespace

QList<EngineLine> engineLines(const QString &text, const QString &where)
{
    QList<EngineLine> lines;
    const QStringList all = text.split(u'\n');
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QString line = all.at(i).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const QString number = QStringLiteral("line %1").arg(i + 1);
        lines << EngineLine{line, where.isEmpty() ? number : where + u' ' + number};
    }
    return lines;
}

std::expected<QStringList, QString> parseEngines(const QList<EngineLine> &lines)
{
    QStringList engines;
    for (const EngineLine &line : lines) {
        const auto engine = parseEngine(line.text);
        if (!engine)
            return std::unexpected(QStringLiteral("%1: %2").arg(line.where, engine.error()));
        if (engines.contains(*engine))
            return std::unexpected(QStringLiteral("%1: %2 is given twice").arg(line.where, *engine));
        engines << *engine;
    }
    return engines;
}

} // namespace Sandpit::Core
