#pragma once

#include "base/filedescriptor.h"
#include "model/runerror.h"

#include <QString>

namespace Sandpit::Core {

/// The sandbox's system-call filter, compiled once by `sandpit-helper --export-seccomp` and
/// kept in a sealed memfd. Every later helper of the engine installs it from there
/// (--seccomp-fd, see core/helper/protocol.h) instead of compiling the same filter again,
/// which cost each run 3-4 ms of CPU. The seals make it read-only for everyone, us included.
class FilterImage final
{
public:
    /// Runs the helper and waits for it (a few milliseconds): on a worker thread only.
    static Expected<FilterImage> compile(const QString &helperPath);

    /// The sealed memfd, close-on-exec: a helper gets it through its child-side hook.
    int fd() const { return m_fd.get(); }

private:
    explicit FilterImage(FileDescriptor fd)
        : m_fd(std::move(fd))
    {
    }

    FileDescriptor m_fd;
};

} // namespace Sandpit::Core
