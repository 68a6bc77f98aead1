#pragma once

#include "docker/dockerclient.h"
#include "docker/dockerstreamthread.h"

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>

namespace Sandpit::Core {

struct DockerRunShared;

/// A container's output, in: an attach to its stdout and stderr, read on a thread of its own.
/// It is made before the program is set off, since the stream carries only what is written
/// after it is connected, and it ends with the container or when the run aborts it.
class DockerAttachStream final
{
public:
    /// Called on the stream's thread with each piece as it arrives; false ends the stream.
    using OnData = std::function<bool(QByteArrayView bytes)>;

    /// Connects to `/containers/ID` (`containerPath`) at once.
    DockerAttachStream(const DockerClient &client, const QString &containerPath,
                       std::shared_ptr<DockerRunShared> shared, OnData onData);

    /// Waits until the stream is connected: an error if it could not be, and then it is aborted.
    Expected<void> waitConnected();
    /// Waits, no longer than `timeout`, for the stream to end: once the container is gone,
    /// what it wrote last is still on its way.
    void waitEnded(std::chrono::milliseconds timeout);
    void abort() { m_thread.abort(); }
    void join() { m_thread.join(); }

private:
    void read(const DockerClient &client, const QString &path, const std::atomic_bool &abort);

    std::shared_ptr<DockerRunShared> m_shared;
    OnData m_onData;
    // Guarded by m_shared->mutex, and announced on its `changed`.
    bool m_connected = false;
    bool m_ended = false;
    Expected<DockerResponse> m_result = DockerResponse{};

    DockerStreamThread m_thread; // last: it uses the members above from its first moment
};

} // namespace Sandpit::Core
