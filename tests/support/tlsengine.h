#pragma once
// The second Docker daemon that scripts/start-tls-dockerd.sh starts: TLS only on 127.0.0.1, in a
// mount namespace of its own with a private /tmp, so it cannot see this computer's run folders.
// A test that needs it fails (never skips) when it is not there.

#include <QFile>
#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace SandpitTest {

/// The file the script writes its DOCKER_HOST, DOCKER_TLS_VERIFY and DOCKER_CERT_PATH lines to.
inline QString tlsEngineEnvFile()
{
    const QString given = qEnvironmentVariable("SANDPIT_TLS_DOCKERD_ENV");
    return given.isEmpty() ? QStringLiteral("/var/lib/sandpit-tls-dockerd/env") : given;
}

/// This process's environment with the TLS engine's variables set; nothing when it is not
/// running.
inline std::optional<QProcessEnvironment> tlsEngineEnvironment()
{
    QFile file(tlsEngineEnvFile());
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DOCKER_TLS"));
    environment.remove(QStringLiteral("SANDPIT_DOCKER_TRANSFER"));
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype equals = line.indexOf('=');
        if (equals > 0)
            environment.insert(QString::fromUtf8(line.left(equals)), QString::fromUtf8(line.mid(equals + 1)));
    }
    if (!environment.contains(QStringLiteral("DOCKER_HOST")))
        return std::nullopt;
    return environment;
}

} // namespace SandpitTest
