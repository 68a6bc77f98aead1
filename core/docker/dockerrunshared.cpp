#include "docker/dockerrunshared.h"

namespace Sandpit::Core {

void DockerRunShared::requestStop(KillReason reason)
{
    {
        const std::lock_guard lock(mutex);
        if (stopReason == KillReason::None)
            stopReason = reason;
    }
    changed.notify_all();
}

void DockerRunShared::post(std::function<void()> call)
{
    const std::lock_guard lock(mutex);
    if (receiver)
        QMetaObject::invokeMethod(receiver, std::move(call), Qt::QueuedConnection);
}

} // namespace Sandpit::Core
