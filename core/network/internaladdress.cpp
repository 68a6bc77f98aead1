#include "network/internaladdress.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstring>

namespace Sandpit::Core {

namespace {

bool isInternalV4(in_addr_t hostOrder)
{
    const quint32 first = hostOrder >> 24;
    return first == 127 || hostOrder == 0 || (hostOrder >> 16) == 0xA9FE; // 127/8, 0.0.0.0, 169.254/16
}

} // namespace

bool isInternalAddress(const sockaddr_storage &address)
{
    if (address.ss_family == AF_INET) {
        const auto *v4 = reinterpret_cast<const sockaddr_in *>(&address);
        return isInternalV4(ntohl(v4->sin_addr.s_addr));
    }
    if (address.ss_family != AF_INET6)
        return false;
    const in6_addr &v6 = reinterpret_cast<const sockaddr_in6 *>(&address)->sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&v6)) {
        quint32 v4 = 0;
        std::memcpy(&v4, v6.s6_addr + 12, sizeof v4);
        return isInternalV4(ntohl(v4));
    }
    return IN6_IS_ADDR_LOOPBACK(&v6) || IN6_IS_ADDR_UNSPECIFIED(&v6) || IN6_IS_ADDR_LINKLOCAL(&v6);
}

bool namesAddressLiterally(const QString &host)
{
    // inet_pton takes only the plain forms: "127.1" and "0x7f.0.0.1", which getaddrinfo reads
    // as 127.0.0.1, count as names and are checked.
    const QByteArray text = host.toLatin1();
    unsigned char buffer[sizeof(in6_addr)];
    return host == QLatin1String("localhost") || ::inet_pton(AF_INET, text.constData(), buffer) == 1
        || ::inet_pton(AF_INET6, text.constData(), buffer) == 1;
}

} // namespace Sandpit::Core
