#include "docker/dockerrunend.h"

#include <algorithm>

namespace Sandpit::Core {

void DockerRunEnd::readMarker(const QMap<QByteArray, QByteArray> &fields)
{
    // A field left empty by the launcher is "unknown": it changes nothing.
    const auto number = [&](const char *key, qint64 &out) {
        bool ok = false;
        const qint64 value = fields.value(key).toLongLong(&ok);
        if (ok)
            out = value;
        return ok;
    };
    const auto positive = [&](const char *key) {
        qint64 value = 0;
        return number(key, value) && value > 0;
    };
    // Not its status: the marker travels in the program's own output stream, so the status is
    // the Engine API's (see DockerRunClose).
    qint64 peak = 0, cpuNs = 0;
    // The cgroup's own high-water mark beats the once-a-second stats samples.
    if (number("peak", peak))
        peakMemory = std::max(peakMemory, peak);
    if (number("cpu_ns", cpuNs))
        cpuMs = std::max(cpuMs, cpuNs / 1'000'000);
    // Init saw each wait begin and end where it happened; our count lags by the stream.
    number("input_wait_ms", inputWaitMs);
    forkRefused = positive("pids_max");
    oomKilled = positive("oom_kill");
    memoryRefused = positive("mem_max");
    fileSizeReached = positive("file_size");
    openFilesReached = positive("open_files");
    diskFull = positive("disk_full");
    // Only "0" lets the copy back be skipped: a field missing or garbled is "changed".
    workUnchanged = fields.value("work_changed") == "0";
}

void DockerRunEnd::readStats(const QJsonObject &sample, int launcherPids)
{
    const QJsonObject memory = sample.value(QLatin1String("memory_stats")).toObject();
    peakMemory = std::max({peakMemory, qint64(memory.value(QLatin1String("max_usage")).toDouble()),
                           qint64(memory.value(QLatin1String("usage")).toDouble())});
    const qint64 cpuNs = qint64(sample.value(QLatin1String("cpu_stats"))
                                    .toObject()
                                    .value(QLatin1String("cpu_usage"))
                                    .toObject()
                                    .value(QLatin1String("total_usage"))
                                    .toDouble());
    cpuMs = std::max(cpuMs, cpuNs / 1'000'000);
    const int pids = sample.value(QLatin1String("pids_stats")).toObject().value(QLatin1String("current")).toInt();
    peakPids = std::max(peakPids, pids - launcherPids);
}

QStringList DockerRunEnd::limitsReached(const Limits &limits, KillReason killReason) const
{
    // In the order the local sandbox reports them.
    const std::pair<bool, KillReason> seen[] = {
        {forkRefused || (limits.processes > 0 && peakPids > limits.processes), KillReason::ProcessLimit},
        {memoryRefused, KillReason::Memory},
        {fileSizeReached, KillReason::FileSize},
    };
    QStringList reached;
    for (const auto &[yes, reason] : seen) {
        if (yes && killReason != reason)
            reached << killReasonId(reason);
    }
    // Neither stops a run, so neither is ever the kill reason.
    if (openFilesReached)
        reached << QStringLiteral("open-files");
    if (diskFull)
        reached << QStringLiteral("disk-full");
    return reached;
}

} // namespace Sandpit::Core
