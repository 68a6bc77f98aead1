#include "workspacecopy.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

constexpr int kMaxDepth = 32;

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

Step copyLevel(int sourceDir, int targetDir, CopyBudget &budget, int depth)
{
    const int listFd = dup(sourceDir);
    DIR *dir = listFd >= 0 ? fdopendir(listFd) : nullptr;
    if (!dir)
        return Step::fail("copy-opendir");
    while (const dirent *entry = readdir(dir)) {
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        struct stat st {};
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
                copyLevel(sub, subTarget, budget, depth + 1);
                close(subTarget);
            }
            close(sub);
            continue;
        }
        if (!S_ISREG(st.st_mode) || st.st_nlink > 1) {
            ++budget.skipped;
            continue;
        }
        if (budget.files >= budget.maxFiles || (budget.maxBytes > 0 && budget.bytes + st.st_size > budget.maxBytes)) {
            budget.truncated = true;
            continue;
        }
        // O_NONBLOCK: if the entry was swapped for a FIFO since fstatat, open must not hang.
        const int in = openat(sourceDir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (in < 0)
            continue;
        struct stat opened {};
        if (fstat(in, &opened) != 0 || !S_ISREG(opened.st_mode)) {
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
    return copyLevel(sourceDir, targetDir, budget, 0);
}

} // namespace Sandpit::Helper
