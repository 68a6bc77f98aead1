#pragma once

#include <QString>

#include <sys/socket.h>

namespace Sandpit::Core {

/// Whether `address` is one of the host's own or its link's: loopback, unspecified or
/// link-local, IPv4 or IPv6 (an IPv4-mapped IPv6 address counts as its IPv4 one). The proxy
/// connects from the host's network, so such an address reached through a name would open the
/// host's local services (or a cloud's metadata service at 169.254.169.254) to the program.
bool isInternalAddress(const sockaddr_storage &address);

/// Whether the program named the host literally as an address or as `localhost`: then an
/// allow-list entry that matched it names that very place, and an internal address is meant.
/// Any other name (one under an allowed `*.example.org`, or one that rebinds) may not resolve
/// to an internal address.
bool namesAddressLiterally(const QString &host);

} // namespace Sandpit::Core
