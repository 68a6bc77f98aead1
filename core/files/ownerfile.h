#pragma once

#include <QString>

namespace Sandpit::Core {

/// The "owner" file Sandpit leaves in a folder it makes for the life of one process (a run's
/// workspace, the kept artifacts, an editing session's journal): that process's pid, so that a
/// later Sandpit can tell a folder left by a crash or a kill -9 from one still in use.
namespace OwnerFile {

/// Writes this process's pid into `dir`/owner. False when it could not.
bool write(const QString &dir);
/// True only when `dir` has an owner file naming a process that no longer exists. A folder
/// without one, or with an unreadable one, is not ours to judge.
bool ownerIsGone(const QString &dir);
/// The same for the folder open as `dirFd`. The owner file is read only if it is a small
/// regular file, and never through a link: a FIFO put there must not hang the caller.
bool ownerIsGone(int dirFd);

} // namespace OwnerFile
} // namespace Sandpit::Core
