#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace Sandpit::Core {

/// One long call to the Engine API (an attach, a wait, a stats stream) on a thread of its own,
/// which can be told to give up: DockerClient::stream looks at the flag every few ms. Told so
/// and joined however its owner's scope is left, so no early return leaves a thread behind.
class DockerStreamThread final
{
public:
    using Call = std::function<void(const std::atomic_bool &abort)>;

    /// Starts `call` at once.
    explicit DockerStreamThread(Call call);
    ~DockerStreamThread();
    DockerStreamThread(const DockerStreamThread &) = delete;
    DockerStreamThread &operator=(const DockerStreamThread &) = delete;

    /// Tells the call to give up; it ends at its next look at the flag.
    void abort();
    /// Waits for the call to end.
    void join();

private:
    std::atomic_bool m_abort{false};
    std::thread m_thread; // after m_abort, which it uses from its first moment
};

} // namespace Sandpit::Core
