#pragma once

#include "base/filedescriptor.h"

namespace Sandpit::Core {

class ProxyServer;

/// Serves one client of the proxy to its end, on the calling thread: reads its request head
/// (bounded, within a deadline), asks `server` whether the destination is allowed, resolves
/// and connects on the host, then relays both ways until either side is done or the proxy
/// stops. Every wait watches server.stopFd().
void serveProxyClient(ProxyServer &server, FileDescriptor client);

} // namespace Sandpit::Core
