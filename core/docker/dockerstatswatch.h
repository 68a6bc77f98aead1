#pragma once

#include "docker/dockerclient.h"
#include "docker/dockerstreamthread.h"

#include <QJsonObject>

#include <memory>

namespace Sandpit::Core {

struct DockerContainerKey;
struct DockerRunEnd;
struct DockerRunShared;

/// The container's stats stream, watched on a thread of its own: a sample at once, then one a
/// second. Its memory, cpu and pids are the evidence for a run that never reaches init's end
/// marker (we killed it), and it is the watch that ends a fork bomb: at the pids limit the
/// kernel refuses every fork, and the bomb would otherwise spin until the time limit.
class DockerStatsWatch final
{
public:
    /// Starts watching `/containers/ID` (`containerPath`) at once. Until it is joined, the
    /// watch writes the sampled fields of `ending` (DockerRunEnd::readStats), and nothing else.
    DockerStatsWatch(const DockerClient &client, const QString &containerPath, std::shared_ptr<DockerRunShared> shared,
                     const DockerContainerKey &key, DockerRunEnd &ending);

    void abort() { m_thread.abort(); }
    void join() { m_thread.join(); }

private:
    void read(const DockerClient &client, const QString &path, const std::atomic_bool &abort);
    void take(const QJsonObject &sample);

    std::shared_ptr<DockerRunShared> m_shared;
    DockerRunEnd &m_ending;
    const int m_pidsLimit;
    const int m_launcherPids;
    int m_samplesPastLimit = 0;  // the watch thread's own
    DockerStreamThread m_thread; // last: it uses the members above from its first moment
};

} // namespace Sandpit::Core
