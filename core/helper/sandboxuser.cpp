#include "sandboxuser.h"

#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

int chownEntry(const char *path, const struct stat *, int, FTW *)
{
    lchown(path, kNobody, kNoGroup);
    return 0;
}

// Root made Sandpit's own folders above the workspace 0700. Search permission only: nobody
// can still list nothing of them, nor reach other runs.
void letSandboxUserReach(const std::string &workspace)
{
    std::string path = workspace;
    for (size_t slash = path.rfind('/'); slash != std::string::npos && slash > 0; slash = path.rfind('/')) {
        path.resize(slash);
        const std::string name = path.substr(path.rfind('/') + 1);
        struct stat st { };
        if (name.rfind("sandpit", 0) != 0 || lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0)
            continue;
        if (!(st.st_mode & S_IXOTH))
            chmod(path.c_str(), (st.st_mode & 07777) | S_IXOTH);
    }
}

} // namespace

void giveWorkspaceToSandboxUser(const std::string &workspace, bool byHostPath)
{
    nftw(workspace.c_str(), chownEntry, 16, FTW_PHYS);
    if (byHostPath)
        letSandboxUserReach(workspace);
}

} // namespace Sandpit::Helper
