#pragma once

#include <QString>

namespace Sandpit::Core {

/// A container's memory cgroup, read from the host's cgroup files, which every user may read:
/// an instant answer where the stats API takes a second a container.
///
/// oomKills(): how many times the kernel's OOM killer has killed a process in it (v2
/// memory.events, v1 memory.oom_control). Docker's inspect says OOMKilled only when the container itself ends; a
/// command in a named sandbox is one process among many, so its kill for memory is told by
/// this count growing while it ran. -1 when not found (an engine on another computer, a
/// cgroup layout not known here).
class DockerCgroup final
{
public:
    static qint64 oomKills(const QString &containerId);
    /// The memory in use, less the page cache the kernel can drop (as `docker stats` shows
    /// it); -1 when not found.
    static qint64 memoryInUse(const QString &containerId);
};

} // namespace Sandpit::Core
