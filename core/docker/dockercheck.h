#pragma once

#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// One image the languages run in, and whether the daemon has it.
struct DockerImageCheck {
    QString image;
    QStringList languages; ///< ids of the languages that run in it
    bool present = false;
};

/// What the Docker backend would find on this computer now.
struct DockerCheck {
    QString endpoint;       ///< the socket or tcp:// address, as configured (DOCKER_HOST)
    bool reachable = false; ///< something listens there
    bool permitted = false; ///< and we may talk to it
    QString serverVersion;  ///< the daemon's version, once reached
    QString problem;        ///< why Docker cannot be used, with the fix; empty when it can
    QList<DockerImageCheck> images;
    /// Sandpit's own runner images the daemon has (sandpit-offline/…, sandpit/…), which a
    /// language uses only when chosen for it (SANDPIT_DOCKER_IMAGE_<ID>, Settings › Docker).
    QStringList sandpitImages;
};

/// Asks the daemon at `dockerHost` (as DOCKER_HOST; empty: the default socket) for its version
/// and for each image in `images` (image → language ids), speaking TLS as `environment` says
/// (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH). Blocks on the daemon: call it off the GUI thread.
DockerCheck checkDocker(const QString &dockerHost, const QList<DockerImageCheck> &images,
                        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

} // namespace Sandpit::Core
