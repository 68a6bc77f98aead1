#pragma once

// What the GUI-thread benchmarks read about their own process: the thread's CPU time, its wait
// for a CPU, and the memory figures of /proc/self/status.

#include <QByteArray>
#include <QFile>

#include <ctime>
#include <fcntl.h>
#include <unistd.h>

namespace SandpitBench {

inline double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

/// How long this thread has waited, runnable, for a CPU: the second field of schedstat.
inline double runQueueWaitMs()
{
    static const int fd = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    char text[128] = {};
    if (fd < 0 || ::pread(fd, text, sizeof text - 1, 0) <= 0)
        return 0;
    return double(QByteArray(text).split(' ').value(1).toLongLong()) / 1e6;
}

/// A field of /proc/self/status in kB, e.g. "VmRSS".
inline qint64 statusKb(const QByteArray &field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        qFatal("cannot read /proc/self/status");
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field + ':'))
            return line.mid(field.size() + 1).trimmed().split(' ').value(0).toLongLong();
    }
    qFatal("no %s in /proc/self/status", field.constData());
}

/// Resets VmHWM to the present VmRSS, so the next peak is a trial's own.
inline void resetPeakMemory()
{
    QFile refs(QStringLiteral("/proc/self/clear_refs"));
    if (!refs.open(QIODevice::WriteOnly) || refs.write("5") != 1)
        qFatal("cannot reset VmHWM through /proc/self/clear_refs");
}

} // namespace SandpitBench
