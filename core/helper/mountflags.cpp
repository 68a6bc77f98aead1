#include "mountflags.h"

#include <sys/mount.h>
#include <sys/statvfs.h>

namespace Sandpit::Helper {

unsigned long lockedFlags(const std::string &source)
{
    struct statvfs vfs { };
    if (statvfs(source.c_str(), &vfs) != 0)
        return 0;
    unsigned long flags = 0;
    if (vfs.f_flag & ST_NOEXEC)
        flags |= MS_NOEXEC;
    if (vfs.f_flag & ST_NOATIME)
        flags |= MS_NOATIME;
    if (vfs.f_flag & ST_NODIRATIME)
        flags |= MS_NODIRATIME;
    if (vfs.f_flag & ST_RELATIME)
        flags |= MS_RELATIME;
    return flags;
}

} // namespace Sandpit::Helper
