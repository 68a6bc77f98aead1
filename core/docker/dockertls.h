#pragma once

#include "model/runerror.h"

#include <QProcessEnvironment>
#include <QString>

namespace Sandpit::Core {

/// TLS to a Docker daemon over TCP, read from the environment the way the Docker CLI reads it:
/// DOCKER_TLS_VERIFY (any non-empty value) means TLS with the daemon's certificate checked
/// against ca.pem; DOCKER_TLS (non-empty) alone means TLS without that check; DOCKER_CERT_PATH
/// is the folder with ca.pem, cert.pem and key.pem (default ~/.docker).
struct DockerTls {
    bool enabled = false;
    bool verifyPeer = false; ///< the daemon's certificate is checked against caFile, host name too
    QString caFile;          ///< empty: not given (only without verifyPeer)
    QString certFile;        ///< the client certificate; empty: none
    QString keyFile;

    /// Missing or unreadable files are errors that name the file: a daemon that demands a client
    /// certificate would otherwise answer with a handshake failure that names nothing.
    static Expected<DockerTls> fromEnvironment(const QProcessEnvironment &environment);

    /// A message for a failed TLS exchange with the daemon at `where` (curl's code and text),
    /// or an empty message when `curlCode` is no TLS failure.
    QString failureMessage(int curlCode, const QString &where, const QString &curlMessage) const;
};

} // namespace Sandpit::Core
