#pragma once

#include "docker/dockerwallclock.h"
#include "model/killreason.h"

#include <QByteArray>
#include <QObject>

#include <condition_variable>
#include <functional>
#include <mutex>

namespace Sandpit::Core {

/// What one Docker run's threads share with each other and with the job that owns them.
/// Everything below `mutex` is guarded by it, and a change that ends a wait is announced on
/// `changed`: the run's own thread waits there for whichever comes first of the end marker,
/// the exit, a Stop, the time limit.
struct DockerRunShared {
    std::mutex mutex;
    std::condition_variable changed;
    QObject *receiver = nullptr; ///< the job; cleared when it is destroyed, so nothing is posted to it after
    KillReason stopReason = KillReason::None; ///< set by whoever first decides to stop the run
    bool programEnded = false;                ///< init's end marker arrived on both streams
    DockerWallClock wallClock;                ///< started when the program is set off
    /// Typed input on its way to a container reached through the archive API, which has no
    /// pipe of ours in it: it goes over an attach with stdin=1 (see DockerStdinAttach).
    QByteArray input;
    bool inputEnded = false;

    /// The first reason wins; wakes the run thread, which does the kill.
    void requestStop(KillReason reason);
    /// Queues `call` to the job's thread, unless the job is gone. Posted events die with
    /// their receiver, so `call` may use the job.
    void post(std::function<void()> call);
};

} // namespace Sandpit::Core
