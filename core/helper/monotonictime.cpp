#include "monotonictime.h"

#include <ctime>
#include <sys/timerfd.h>

namespace Sandpit::Helper {

long long monotonicUs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<long long>(ts.tv_sec) * 1'000'000 + ts.tv_nsec / 1000;
}

int makeTimer(long long ms, bool repeat)
{
    const int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (fd >= 0 && ms > 0) {
        itimerspec spec{};
        spec.it_value.tv_sec = ms / 1000;
        spec.it_value.tv_nsec = (ms % 1000) * 1'000'000;
        if (repeat)
            spec.it_interval = spec.it_value;
        timerfd_settime(fd, 0, &spec, nullptr);
    }
    return fd;
}

} // namespace Sandpit::Helper
