#pragma once

#include "docker/dockerclient.h"

#include <QJsonObject>
#include <QString>

namespace Sandpit::Core {

/// What the daemon says of itself (GET /info) that decides what a container's uid is on the
/// computer it runs on: with neither a user-namespace remap nor rootless Docker, uid N inside
/// is uid N outside, so the learner's uid must be nobody's (DockerContainer::kLearnerUid).
struct DockerDaemonInfo {
    bool known = false;              ///< false: /info could not be read; nothing below is known
    bool userNamespaceRemap = false; ///< dockerd --userns-remap: SecurityOptions has name=userns
    bool rootless = false;           ///< the daemon runs as an ordinary user: name=rootless
    QString rootDir;                 ///< DockerRootDir, where its images and containers live
    int apiMinor = 0;                ///< the API version spoken with it, 1.<apiMinor>
    /// Under userns-remap, the first subordinate uid: uid N inside is remapUidBase + N outside.
    /// Docker keeps a remapped daemon's data in <root>/<uid>.<gid>, which says it; -1 when not
    /// remapped or the folder is named otherwise.
    int remapUidBase = -1;
    int remapGidBase = -1; ///< the same for gids

    /// From the body of GET /info. SecurityOptions are "name=userns", "name=seccomp,profile=default"
    /// and the like since API 1.30, bare words ("userns") before.
    static DockerDaemonInfo fromInfo(const QJsonObject &info);
    /// Asks the daemon; `known` stays false when it does not answer.
    static DockerDaemonInfo fetch(const DockerClient &client);
};

} // namespace Sandpit::Core
