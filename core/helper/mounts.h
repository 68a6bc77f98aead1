#pragma once

#include "options.h"
#include "step.h"

#include <sys/types.h>

namespace Sandpit::Helper {

/// Builds the program's file system in a fresh mount namespace and makes it the root:
/// a read-only tmpfs holding read-only binds of the system paths the engine named, a new
/// /proc, a minimal /dev with its own /dev/shm, a private /tmp, a size-limited /work owned by
/// the sandbox user, and an /etc with only the named files plus a synthetic passwd and group.
/// The user's home, /run's sockets and every other host path are simply not there; with
/// `proxyFd` (an O_PATH descriptor of Options::proxySocket, which it closes), that one socket
/// is shown read-only at /run/sandpit-proxy/proxy.sock.
Step buildRoot(const Options &options, uid_t uid, gid_t gid, int proxyFd = -1);

} // namespace Sandpit::Helper
