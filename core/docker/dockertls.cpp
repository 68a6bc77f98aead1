#include "docker/dockertls.h"

#include <QDir>
#include <QFileInfo>

#include <curl/curl.h>

namespace Sandpit::Core {

namespace {
QString certFolder(const QProcessEnvironment &environment)
{
    const QString given = environment.value(QStringLiteral("DOCKER_CERT_PATH"));
    if (!given.isEmpty())
        return given;
    const QString home = environment.value(QStringLiteral("HOME"), QDir::homePath());
    return home + QStringLiteral("/.docker");
}

/// Empty when `path` can be read, else why not.
QString unreadable(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return QStringLiteral("%1 does not exist").arg(path);
    if (!info.isFile() || !info.isReadable())
        return QStringLiteral("%1 cannot be read").arg(path);
    return {};
}

RunError certError(const QString &why, const QString &folder)
{
    return {RunError::Code::BackendUnavailable,
            QStringLiteral("Docker over TLS needs its certificates, but %1. Put ca.pem, cert.pem and key.pem for this "
                           "engine in %2, or point DOCKER_CERT_PATH at the folder that has them.")
                .arg(why, folder)};
}
} // namespace

Expected<DockerTls> DockerTls::fromEnvironment(const QProcessEnvironment &environment)
{
    DockerTls tls;
    tls.verifyPeer = !environment.value(QStringLiteral("DOCKER_TLS_VERIFY")).isEmpty();
    tls.enabled = tls.verifyPeer || !environment.value(QStringLiteral("DOCKER_TLS")).isEmpty();
    if (!tls.enabled)
        return tls;
    const QString folder = certFolder(environment);
    const QString ca = folder + QStringLiteral("/ca.pem");
    const QString cert = folder + QStringLiteral("/cert.pem");
    const QString key = folder + QStringLiteral("/key.pem");
    if (tls.verifyPeer) {
        // Verifying the daemon needs the CA; a daemon with --tlsverify needs our certificate too.
        for (const QString &file : {ca, cert, key}) {
            if (const QString why = unreadable(file); !why.isEmpty())
                return std::unexpected(certError(why, folder));
        }
    } else if (QFileInfo::exists(cert) || QFileInfo::exists(key)) {
        // DOCKER_TLS alone: a client certificate is used when there is one, as the CLI does.
        for (const QString &file : {cert, key}) {
            if (const QString why = unreadable(file); !why.isEmpty())
                return std::unexpected(certError(why, folder));
        }
    }
    if (QFileInfo::exists(ca))
        tls.caFile = ca;
    if (QFileInfo::exists(cert)) {
        tls.certFile = cert;
        tls.keyFile = key;
    }
    return tls;
}

QString DockerTls::failureMessage(int curlCode, const QString &where, const QString &curlMessage) const
{
    switch (curlCode) {
    case CURLE_PEER_FAILED_VERIFICATION:
        return QStringLiteral("The Docker daemon at %1 showed a certificate that %2 does not vouch for (%3). Is "
                              "DOCKER_CERT_PATH the folder made for this engine?")
            .arg(where, caFile, curlMessage);
    case CURLE_SSL_CACERT_BADFILE:
        return QStringLiteral("%1 is not a CA certificate Sandpit can read (%2).").arg(caFile, curlMessage);
    case CURLE_SSL_CERTPROBLEM:
        return QStringLiteral("The client certificate %1 or its key %2 cannot be used (%3).")
            .arg(certFile, keyFile, curlMessage);
    case CURLE_SSL_CONNECT_ERROR:
        return QStringLiteral("No TLS connection could be made to the Docker daemon at %1 (%2). If the daemon "
                              "speaks plain HTTP there (usually port 2375), unset DOCKER_TLS_VERIFY and DOCKER_TLS; "
                              "if it speaks TLS, it may have refused the client certificate %3.")
            .arg(where, curlMessage, certFile.isEmpty() ? QStringLiteral("(none given)") : certFile);
    default:
        return {};
    }
}

} // namespace Sandpit::Core
