#pragma once

#include <QtGlobal>

namespace Sandpit::Core {

/// What a run may write, whichever sandbox it runs in: the local sandbox's /work and /tmp
/// (sandpit-helper's --work-size-bytes, and its --work-inodes default) and a container's
/// /work, /tmp and /dev/shm are each a tmpfs of this size. Memory, not disk: a program that
/// fills one gets ENOSPC, and nothing reaches this computer's disk. The inode cap bounds the
/// kernel memory that empty files pin, which the size alone does not.
inline constexpr qint64 kWorkspaceBytes = 64LL * 1024 * 1024;
inline constexpr int kWorkspaceInodes = 8192;

} // namespace Sandpit::Core
