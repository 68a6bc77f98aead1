#include "files/folderremoval.h"

#include "base/filedescriptor.h"

#include <QFile>
#include <QFileInfo>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace Sandpit::Core::FolderRemoval {

namespace {

// Each level holds a descriptor open; a program can make its workspace deeper than anything
// a learner needs, and the sweep must not run out of descriptors on it.
constexpr int kMaxDepth = 128;

bool isDotOrDotDot(const char *name)
{
    return name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

// Opens the folder `name` below `parentFd` for listing. O_PATH first: it needs no permission on
// the folder itself, so a folder of ours without read or search permission (chmod 000) can be
// made usable through the descriptor, with no window in which `name` could become a link.
FileDescriptor openFolder(int parentFd, const char *name, const struct stat &expected)
{
    FileDescriptor path(openat(parentFd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    struct stat st { };
    if (!path.isValid() || fstat(path.get(), &st) != 0 || st.st_dev != expected.st_dev || st.st_ino != expected.st_ino)
        return {};
    FileDescriptor folder(openat(path.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!folder.isValid() && st.st_uid == geteuid()) {
        // fchmod() refuses an O_PATH descriptor; its /proc link reaches the same inode.
        char link[64];
        std::snprintf(link, sizeof link, "/proc/self/fd/%d", path.get());
        if (chmod(link, 0700) == 0)
            folder.reset(openat(path.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    }
    // Its entries can only be unlinked if we may write to it (a read-only folder of ours).
    if (folder.isValid() && st.st_uid == geteuid() && (st.st_mode & 0700) != 0700)
        fchmod(folder.get(), (st.st_mode & 07777) | 0700);
    return folder;
}

std::vector<std::string> entriesOf(int folderFd)
{
    std::vector<std::string> names;
    DIR *dir = fdopendir(dup(folderFd));
    if (!dir)
        return names;
    while (const dirent *entry = readdir(dir)) {
        if (!isDotOrDotDot(entry->d_name))
            names.emplace_back(entry->d_name);
    }
    closedir(dir);
    return names;
}

bool removeContents(int folderFd, dev_t device, int depth)
{
    bool removed = true;
    for (const std::string &name : entriesOf(folderFd)) {
        struct stat st { };
        if (fstatat(folderFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // gone meanwhile
        if (S_ISDIR(st.st_mode)) {
            // Another file system mounted here is not ours to empty (rm --one-file-system).
            if (st.st_dev != device || depth >= kMaxDepth) {
                removed = false;
                continue;
            }
            const FileDescriptor sub = openFolder(folderFd, name.c_str(), st);
            removed = sub.isValid() && removeContents(sub.get(), device, depth + 1) && removed;
            removed = unlinkat(folderFd, name.c_str(), AT_REMOVEDIR) == 0 && removed;
        } else {
            // A link, FIFO or socket is removed itself, never opened.
            removed = unlinkat(folderFd, name.c_str(), 0) == 0 && removed;
        }
    }
    return removed;
}

} // namespace

bool removeAt(int parentFd, const char *name)
{
    struct stat st { };
    if (fstatat(parentFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
        return false;
    const FileDescriptor folder = openFolder(parentFd, name, st);
    if (!folder.isValid())
        return false;
    const bool emptied = removeContents(folder.get(), st.st_dev, 0);
    return unlinkat(parentFd, name, AT_REMOVEDIR) == 0 && emptied;
}

bool removePath(const QString &path)
{
    const QFileInfo folder(path);
    const FileDescriptor parent(
        open(QFile::encodeName(folder.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return parent.isValid() && removeAt(parent.get(), QFile::encodeName(folder.fileName()).constData());
}

} // namespace Sandpit::Core::FolderRemoval
