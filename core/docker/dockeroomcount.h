#pragma once

#include <QString>

namespace Sandpit::Core {

/// How many times the kernel's OOM killer has killed a process in a container's memory cgroup,
/// read from the host's cgroup files (v2 memory.events, v1 memory.oom_control), which every
/// user may read. Docker's inspect says OOMKilled only when the container itself ends; a
/// command in a named sandbox is one process among many, so its kill for memory is told by
/// this count growing while it ran. -1 when not found (an engine on another computer, a
/// cgroup layout not known here).
class DockerOomCount final
{
public:
    static qint64 read(const QString &containerId);
};

} // namespace Sandpit::Core
