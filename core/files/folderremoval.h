#pragma once

class QString;

namespace Sandpit::Core {

/// Removing a folder Sandpit made, in a place others may have touched. Everything below the
/// folder is reached through directory descriptors (openat/unlinkat), never by path, so a
/// link planted or swapped in on the way is removed as a link and never followed.
namespace FolderRemoval {

/// Removes `name`, a folder in the directory open as `parentFd`, with everything in it. Only a
/// real folder this process's user owns is removed (not a link to one); read-only subfolders
/// of ours are made writable on the way, and other file systems mounted below are not
/// entered. False when the folder, or anything in it, could not be removed.
bool removeAt(int parentFd, const char *name);
/// removeAt() for the folder at `path`.
bool removePath(const QString &path);

} // namespace FolderRemoval
} // namespace Sandpit::Core
