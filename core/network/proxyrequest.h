#pragma once

#include <QByteArray>
#include <QString>

namespace Sandpit::Core {

/// The most a request's head (request line and headers) may take. Package installers and
/// urllib send well under 2 KB; past this the proxy answers 431 instead of buffering more.
inline constexpr qsizetype kMaxProxyHeadBytes = 16 * 1024;

/// The longest host a request may name (a DNS name is at most 253 characters). Every attempt
/// is kept and shown to the user, so a longer one is refused with 400 before it is logged.
inline constexpr qsizetype kMaxProxyHostLength = 255;

/// What the proxy makes of one request head, before the allow-list is asked.
struct ProxyRequest {
    enum class Kind { Connect, Plain, Refused };
    Kind kind = Kind::Refused;
    QString host;      ///< lower case, without brackets: what the allow-list is asked about
    quint16 port = 0;
    QByteArray head;   ///< Plain: the head to send upstream (origin form, the target's Host, Connection: close)
    int status = 0;    ///< Refused: the HTTP status to answer with (400, 431)
    QString reason;    ///< Refused: why, for the answer's body
};

/// The length of the head at the start of `bytes` (up to and including the blank line), or 0
/// when it is not complete yet.
qsizetype proxyHeadLength(const QByteArray &bytes);

/// Reads a complete head (proxyHeadLength() bytes): `CONNECT host:port` or an absolute-form
/// `METHOD http://host[:port]/path`; anything else is Refused with 400.
ProxyRequest parseProxyRequest(const QByteArray &head);

/// A whole response with a short text body, which closes the connection.
QByteArray proxyResponse(int status, const QString &body);

} // namespace Sandpit::Core
