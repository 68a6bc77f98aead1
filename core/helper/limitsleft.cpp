#include "limitsleft.h"

#include "initrecord.h"

#include <ftw.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

namespace Sandpit::Helper {

namespace {

// nftw takes no context; init is single-threaded, and this runs once per run.
long long g_threshold = 0;

int stopAtLargeFile(const char *, const struct stat *st, int type, FTW *)
{
    return type == FTW_F && S_ISREG(st->st_mode) && st->st_size >= g_threshold ? 1 : 0;
}

bool anyFileAtLeast(const char *root, long long bytes)
{
    g_threshold = bytes;
    return nftw(root, stopAtLargeFile, 16, FTW_PHYS | FTW_MOUNT) == 1;
}

} // namespace

int limitsLeft(const Options &run, bool sandboxed)
{
    int reached = 0;
    if (run.fileSizeBytes > 0) {
        const bool atLimit = sandboxed
            ? anyFileAtLeast("/work", run.fileSizeBytes) || anyFileAtLeast("/tmp", run.fileSizeBytes)
            : anyFileAtLeast(run.workspace.c_str(), run.fileSizeBytes);
        if (atLimit)
            reached |= InitRecord::ReachedFileSize;
    }
    if (!sandboxed)
        return reached; // the host's file systems are not the run's to judge
    for (const char *mount : {"/work", "/tmp", "/dev/shm"}) {
        struct statvfs vfs { };
        if (statvfs(mount, &vfs) == 0 && (vfs.f_bavail == 0 || vfs.f_favail == 0))
            reached |= InitRecord::ReachedDiskFull;
    }
    return reached;
}

} // namespace Sandpit::Helper
