#include "network/proxyrequest.h"

#include <QList>

#include <algorithm>
#include <cctype>

namespace Sandpit::Core {

namespace {

ProxyRequest refused(int status, const QString &reason)
{
    ProxyRequest request;
    request.status = status;
    request.reason = reason;
    return request;
}

// A host as DNS names and IP addresses spell it: letters, digits, '-', '.' and '_' (and ':' and a
// zone's '%' inside brackets). Anything else ('@', spaces, control bytes such as ESC) is not a
// host, and would reach the user's terminal when the attempts are listed.
bool isHostText(const QByteArray &host, bool bracketed)
{
    return std::all_of(host.begin(), host.end(), [bracketed](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isalnum(u) || c == '-' || c == '.' || c == '_' || (bracketed && (c == ':' || c == '%'));
    });
}

// "host:port", "[v6]:port" or, with a default port, "host". False when it is none of these.
bool splitAuthority(const QByteArray &authority, quint16 defaultPort, QString &host, quint16 &port)
{
    QByteArray hostPart = authority;
    QByteArray portPart;
    if (authority.startsWith('[')) {
        const qsizetype close = authority.indexOf(']');
        if (close < 0)
            return false;
        hostPart = authority.mid(1, close - 1);
        const QByteArray rest = authority.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(':'))
            return false;
        portPart = rest.mid(1);
    } else if (const qsizetype colon = authority.lastIndexOf(':'); colon >= 0) {
        hostPart = authority.left(colon);
        portPart = authority.mid(colon + 1);
    }
    if (hostPart.isEmpty() || hostPart.size() > kMaxProxyHostLength || !isHostText(hostPart, authority.startsWith('[')))
        return false;
    bool ok = true;
    const uint number = portPart.isEmpty() ? (defaultPort ? defaultPort : 0) : portPart.toUInt(&ok);
    if (!ok || number == 0 || number > 65535)
        return false;
    host = QString::fromLatin1(hostPart).toLower();
    if (host.endsWith(QLatin1Char('.')))
        host.chop(1);
    port = static_cast<quint16>(number);
    return !host.isEmpty();
}

// Headers that belong to the hop between the program and the proxy, or that would keep the
// upstream connection open (the proxy serves one request per connection), and the program's
// Host: the connection goes to the URL's host, so a Host of its own would reach another site
// on a shared server that was never allowed (RFC 9112 §3.2.2: a proxy replaces it).
bool isReplacedHeader(const QByteArray &line)
{
    const QByteArray name = line.left(line.indexOf(':')).trimmed().toLower();
    return name == "connection" || name == "proxy-connection" || name == "keep-alive" || name == "proxy-authorization"
        || name == "host";
}

ProxyRequest plainRequest(const QByteArray &method, const QByteArray &target, const QByteArray &version,
                          const QList<QByteArray> &headerLines)
{
    if (!target.toLower().startsWith("http://"))
        return refused(400, QStringLiteral("Sandpit's proxy takes CONNECT host:port, or a plain request "
                                           "to an absolute http:// address."));
    const QByteArray rest = target.mid(7);
    qsizetype pathStart = rest.size();
    for (const char c : {'/', '?', '#'}) {
        const qsizetype at = rest.indexOf(c);
        if (at >= 0 && at < pathStart)
            pathStart = at;
    }
    ProxyRequest request;
    if (!splitAuthority(rest.left(pathStart), 80, request.host, request.port))
        return refused(400, QStringLiteral("Sandpit's proxy could not read the address in the request."));
    QByteArray path = rest.mid(pathStart);
    if (path.isEmpty() || path.startsWith('?'))
        path.prepend('/');
    request.kind = ProxyRequest::Kind::Plain;
    request.head = method + ' ' + path + ' ' + version + "\r\n";
    request.head += "Host: " + rest.left(pathStart) + "\r\n";
    for (const QByteArray &line : headerLines) {
        if (!isReplacedHeader(line))
            request.head += line + "\r\n";
    }
    request.head += "Connection: close\r\n\r\n";
    return request;
}

} // namespace

qsizetype proxyHeadLength(const QByteArray &bytes)
{
    const qsizetype crlf = bytes.indexOf("\r\n\r\n");
    const qsizetype lf = bytes.indexOf("\n\n");
    if (crlf >= 0 && (lf < 0 || crlf + 2 <= lf))
        return crlf + 4;
    return lf >= 0 ? lf + 2 : 0;
}

ProxyRequest parseProxyRequest(const QByteArray &head)
{
    QList<QByteArray> lines;
    for (QByteArray line : head.split('\n')) {
        if (line.endsWith('\r'))
            line.chop(1);
        if (!line.isEmpty())
            lines << line;
    }
    if (lines.isEmpty())
        return refused(400, QStringLiteral("Sandpit's proxy got an empty request."));
    const QList<QByteArray> words = lines.takeFirst().split(' ');
    if (words.size() != 3 || !words[2].startsWith("HTTP/1."))
        return refused(400, QStringLiteral("Sandpit's proxy could not read the request line."));
    if (words[0] != "CONNECT")
        return plainRequest(words[0], words[1], words[2], lines);
    ProxyRequest request;
    if (!splitAuthority(words[1], 0, request.host, request.port))
        return refused(400, QStringLiteral("Sandpit's proxy takes CONNECT host:port."));
    request.kind = ProxyRequest::Kind::Connect;
    return request;
}

QByteArray proxyResponse(int status, const QString &body)
{
    const char *phrase = status == 403 ? "Forbidden"
        : status == 431                ? "Request Header Fields Too Large"
        : status == 502                ? "Bad Gateway"
        : status == 504                ? "Gateway Timeout"
                                       : "Bad Request";
    const QByteArray text = body.toUtf8() + '\n';
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + phrase
        + "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " + QByteArray::number(text.size())
        + "\r\nConnection: close\r\n\r\n" + text;
}

} // namespace Sandpit::Core
