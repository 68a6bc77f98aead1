#pragma once

// What the GUI-thread benchmarks read about their own process: the thread's CPU time, its wait
// for a CPU, the event loop's stalls, and the memory figures of /proc/self/status.

#include "benchstats.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <functional>

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

/// The stalls of the event loop it ticks in: the largest gap between two ticks of a 5 ms
/// precise timer, and what it was made of, the thread's own work (its CPU time in the gap) and
/// its wait for a CPU while runnable, since on a busy machine a stall can be the scheduler's.
class StallWatch
{
public:
    static constexpr int kTickMs = 5;
    static constexpr double kTargetMs = 50;

    struct Stalls {
        double longestMs = 0;
        double workMs = 0; // of the longest stall
        double waitMs = 0; // of the longest stall
        double longestWorkMs = 0; // the thread's CPU time between two ticks
        int overTarget = 0;
    };

    /// `onTick(nowMs)` runs after each tick, on the thread of `context`.
    StallWatch(QObject *context, std::function<void(double)> onTick)
        : m_onTick(std::move(onTick))
    {
        m_ticker.setTimerType(Qt::PreciseTimer);
        m_ticker.setInterval(kTickMs);
        QObject::connect(&m_ticker, &QTimer::timeout, context, [this] { tick(); });
    }

    /// The clock and the ticks start now.
    void start()
    {
        m_clock.start();
        m_lastTick = 0;
        m_lastCpu = threadCpuMs();
        m_lastWait = runQueueWaitMs();
        m_ticker.start();
    }
    double nowMs() const { return double(m_clock.nsecsElapsed()) / 1e6; }
    const Stalls &stalls() const { return m_stalls; }

private:
    void tick()
    {
        const double now = nowMs();
        const double cpu = threadCpuMs();
        const double wait = runQueueWaitMs();
        if (now - m_lastTick > m_stalls.longestMs)
            m_stalls = {now - m_lastTick, cpu - m_lastCpu, wait - m_lastWait, m_stalls.longestWorkMs, m_stalls.overTarget};
        m_stalls.longestWorkMs = std::max(m_stalls.longestWorkMs, cpu - m_lastCpu);
        m_stalls.overTarget += now - m_lastTick > kTargetMs ? 1 : 0;
        m_lastTick = now;
        m_lastCpu = cpu;
        m_lastWait = wait;
        m_onTick(now);
    }

    std::function<void(double)> m_onTick;
    QTimer m_ticker;
    QElapsedTimer m_clock;
    double m_lastTick = 0;
    double m_lastCpu = 0;
    double m_lastWait = 0;
    Stalls m_stalls;
};

/// One figure of each trial.
template<typename Trial, typename Figure>
Samples collect(const QList<Trial> &trials, Figure figure)
{
    Samples s;
    for (const Trial &t : trials)
        s.ms << double(figure(t));
    return s;
}

/// The stalls of each trial (a `stalls` member).
template<typename Trial>
QList<StallWatch::Stalls> collectStalls(const QList<Trial> &trials)
{
    QList<StallWatch::Stalls> out;
    for (const Trial &t : trials)
        out << t.stalls;
    return out;
}

inline double worst(const Samples &s)
{
    return s.ms.isEmpty() ? 0 : *std::max_element(s.ms.begin(), s.ms.end());
}

/// A table of figures with their median, worst and target, headed `what`.
inline void printFiguresHeader(const char *what)
{
    std::printf("\n| %-38s | %8s | %8s | %8s |\n|%s|%s|%s|%s|\n", what, "median", "worst", "target",
                "----------------------------------------", "----------", "----------", "----------");
}

inline void printFigure(const char *what, const Samples &s, const char *target = "")
{
    std::printf("| %-38s | %8.1f | %8.1f | %8s |\n", what, s.median(), worst(s), target);
}

/// The stall rows of such a table, for the trials' stalls.
inline void printStallFigures(const QList<StallWatch::Stalls> &stalls)
{
    printFigure("longest event-loop stall, ms", collect(stalls, [](auto &s) { return s.longestMs; }), "<= 50");
    printFigure("  its GUI-thread work, ms", collect(stalls, [](auto &s) { return s.workMs; }));
    printFigure("  its wait for a CPU, ms", collect(stalls, [](auto &s) { return s.waitMs; }));
    printFigure("longest GUI-thread work between ticks", collect(stalls, [](auto &s) { return s.longestWorkMs; }),
                "<= 50");
    printFigure("stalls over 50 ms, count", collect(stalls, [](auto &s) { return s.overTarget; }), "0");
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
