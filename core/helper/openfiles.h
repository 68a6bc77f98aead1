#pragma once

namespace Sandpit::Helper {

/// The descriptors process `pid` holds, counted only when its descriptor table has grown to
/// `limit` (0 otherwise, and for a process this one may not look into).
long long openFilesNear(long pid, long long limit);

/// sandpit-seccomp's other job, in a Docker container, forked by its init: looks every 20 ms
/// for a process of the container (its PID 1 and itself aside) holding `limit` descriptors,
/// until SIGTERM. Returns the exit status that tells init: 1 if one did, 0 if none did.
int watchOpenFiles(long long limit);

} // namespace Sandpit::Helper
