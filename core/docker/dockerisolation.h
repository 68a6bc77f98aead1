#pragma once

#include "docker/dockercontainer.h"
#include "docker/dockerdaemoninfo.h"
#include "model/runlimits.h"
#include "model/runresult.h"

#include <QJsonObject>

namespace Sandpit::Core {

/// The isolation report of a Docker run, read from the very body its container was created
/// with (DockerContainer::createBody), so that it cannot claim a protection the container was
/// not given. `full` only when no known gap holds: every writable place is sized and in
/// memory, nothing of this computer is bound writable, no network, no capabilities, and
/// Sandpit's own system-call filter on top of Docker's. What the daemon said of itself
/// (`daemon`) tells whether the container's uid is the same number outside it.
class DockerIsolation final
{
public:
    static IsolationReport report(const QJsonObject &createBody, const DockerContainerKey &key, const Limits &limits,
                                  const DockerDaemonInfo &daemon);
};

} // namespace Sandpit::Core
