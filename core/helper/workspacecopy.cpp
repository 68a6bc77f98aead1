#include "workspacecopy.h"

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

constexpr int kMaxDepth = 32;
constexpr char kSandpitPrefix[] = ".sandpit-";

bool copyFile(int source, int target, long long size)
{
    off_t offset = 0;
    while (offset < size) {
        const ssize_t n = sendfile(target, source, &offset, static_cast<size_t>(size - offset));
        if (n <= 0)
            return n == 0; // the file shrank while we copied: keep what there was
    }
    return true;
}

// Both are regular files of `size` bytes.
bool sameContent(int a, int b, long long size)
{
    char left[16 * 1024];
    char right[sizeof left];
    for (long long offset = 0; offset < size;) {
        const size_t want = static_cast<size_t>(std::min<long long>(sizeof left, size - offset));
        const ssize_t n = pread(a, left, want, offset);
        if (n <= 0 || pread(b, right, static_cast<size_t>(n), offset) != n
            || std::memcmp(left, right, static_cast<size_t>(n)) != 0)
            return false;
        offset += n;
    }
    return true;
}

// True when the target already holds `name` with the content of `in`; otherwise makes room
// for a fresh copy. Only a regular file of the target is ever replaced: the target is the
// host's side, which the program never had in reach.
bool alreadyThere(int in, const struct stat &opened, int targetDir, const char *name)
{
    struct stat have { };
    if (fstatat(targetDir, name, &have, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(have.st_mode))
        return false;
    if (have.st_size == opened.st_size) {
        const int existing = openat(targetDir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        const bool same = existing >= 0 && sameContent(in, existing, opened.st_size);
        if (existing >= 0)
            close(existing);
        if (same)
            return true;
    }
    unlinkat(targetDir, name, 0);
    return false;
}

Step copyLevel(int sourceDir, int targetDir, CopyBudget &budget, int depth, bool changesOnly)
{
    const int listFd = dup(sourceDir);
    DIR *dir = listFd >= 0 ? fdopendir(listFd) : nullptr;
    if (!dir)
        return Step::fail("copy-opendir");
    while (const dirent *entry = readdir(dir)) {
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        // The host's own folders beside the program's files (.sandpit-kept, made just after
        // this copy): a program's folder of that name must not stand in for them.
        if (changesOnly && depth == 0 && std::strncmp(name, kSandpitPrefix, sizeof kSandpitPrefix - 1) == 0)
            continue;
        struct stat st { };
        if (fstatat(sourceDir, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth >= kMaxDepth) {
                budget.truncated = true;
                continue;
            }
            const int sub = openat(sourceDir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub < 0)
                continue;
            if (mkdirat(targetDir, name, 0755) != 0 && errno != EEXIST) {
                close(sub);
                continue;
            }
            const int subTarget = openat(targetDir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (subTarget >= 0) {
                copyLevel(sub, subTarget, budget, depth + 1, changesOnly);
                close(subTarget);
            }
            close(sub);
            continue;
        }
        if (!S_ISREG(st.st_mode) || st.st_nlink > 1) {
            ++budget.skipped;
            continue;
        }
        // O_NONBLOCK: if the entry was swapped for a FIFO since fstatat, open must not hang.
        const int in = openat(sourceDir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (in < 0)
            continue;
        struct stat opened { };
        if (fstat(in, &opened) != 0 || !S_ISREG(opened.st_mode)
            || (changesOnly && alreadyThere(in, opened, targetDir, name))) {
            close(in);
            continue;
        }
        if (budget.files >= budget.maxFiles
            || (budget.maxBytes > 0 && budget.bytes + opened.st_size > budget.maxBytes)) {
            budget.truncated = true;
            close(in);
            continue;
        }
        const int out = openat(targetDir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                               (opened.st_mode & 0755) | 0600);
        if (out >= 0) {
            if (copyFile(in, out, opened.st_size)) {
                ++budget.files;
                budget.bytes += opened.st_size;
            }
            close(out);
        }
        close(in);
    }
    closedir(dir);
    return Step::ok();
}

} // namespace

Step copyTree(int sourceDir, int targetDir, CopyBudget &budget)
{
    return copyLevel(sourceDir, targetDir, budget, 0, false);
}

Step copyChanges(int sourceDir, int targetDir, CopyBudget &budget)
{
    return copyLevel(sourceDir, targetDir, budget, 0, true);
}

} // namespace Sandpit::Helper
