#pragma once

namespace Sandpit::Helper {

/// The bytes queued in the AF_UNIX sockets of this network namespace (the run's own, at full
/// isolation), from the kernel's sock_diag interface. Socket buffers are kernel memory that
/// no rlimit bounds and, without a memory cgroup, no count of the processes' pages sees: a
/// run could pin hundreds of megabytes in them. -1 when the kernel would not say.
long long unixSocketQueuedBytes();

} // namespace Sandpit::Helper
