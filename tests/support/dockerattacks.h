#pragma once
// What the Docker attack tests share: the engine, the attack programs and how to run them.

#include "docker/dockercontainer.h"
#include "docker/dockerbackend.h"
#include "support/listener.h"
#include "support/runharness.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace SandpitTest;

namespace DockerAttacks {

const QString kImage = QStringLiteral("sandpit-offline/python:3.11");
constexpr qint64 kMiB = 1024 * 1024;
// Starts the compiled attack copied in as ./prog. Python ignores SIGPIPE and SIGXFSZ, and
// ignored signals survive exec: the program gets the defaults back, as if started directly.
constexpr const char *kLauncher = "import os, signal, sys\n"
                                  "signal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"
                                  "signal.signal(signal.SIGXFSZ, signal.SIG_DFL)\n"
                                  "os.execv('./prog', ['prog'] + sys.argv[1:])\n";

inline std::unique_ptr<RunController> dockerController(QProcessEnvironment environment = QProcessEnvironment::systemEnvironment())
{
    DockerBackend::Config config;
    config.environment = std::move(environment);
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kImage);
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return std::make_unique<RunController>(std::move(backends));
}

/// Ids and states of the Sandpit containers Sandpit process `owner` made.
inline QList<std::pair<QString, QString>> containersOf(qint64 owner)
{
    auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
    if (!client)
        qFatal("no Docker: %s", qPrintable(client.error().message));
    const QJsonObject filters{{QStringLiteral("label"),
                               QJsonArray{QLatin1String(DockerContainer::kOwnerLabel) + QLatin1Char('=')
                                          + QString::number(owner)}}};
    auto response = client->call("GET", QStringLiteral("/containers/json?all=1&filters=")
                                            + QString::fromLatin1(QUrl::toPercentEncoding(
                                                QString::fromUtf8(QJsonDocument(filters).toJson(QJsonDocument::Compact)))));
    if (!response || !response->ok())
        qFatal("cannot list containers");
    QList<std::pair<QString, QString>> containers;
    for (const QJsonValue &c : QJsonDocument::fromJson(response->body).array())
        containers.append({c.toObject().value(QLatin1String("Id")).toString(), c.toObject().value(QLatin1String("State")).toString()});
    return containers;
}

/// States of the Sandpit containers this process owns (not those of Sandpits beside it).
inline QStringList ownContainerStates()
{
    QStringList states;
    for (const auto &[id, state] : containersOf(QCoreApplication::applicationPid()))
        states << state;
    return states;
}

inline RunRequest attack(const QString &name, const QStringList &arguments = {})
{
    return pythonRequest(fixture(QStringLiteral("attacks/") + name), arguments);
}

// Beside the test executable: bin/attacks/, built with the tests.
inline QString attackBinary(const QString &name)
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/attacks/") + name;
}

inline RunRequest compiledAttack(const QString &name)
{
    RunRequest request = pythonRequest(kLauncher);
    request.inputFiles = {{attackBinary(name), QStringLiteral("prog")}};
    return request;
}

// The number in "stopped after 16 MB: ..." and the like.
inline int firstNumber(const QByteArray &text)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("(\\d+)")).match(QString::fromUtf8(text));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// True while process `pid` runs with `token` in its command line (a zombie has none).
inline bool processHolds(qint64 pid, const QString &token)
{
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    return cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(token.toUtf8());
}

} // namespace DockerAttacks

using namespace DockerAttacks;

/// Runs attack programs through one Docker engine, whose warm container makes the runs quicker
/// while each still gets a container of its own.
class DockerAttackRunner
{
protected:
    /// For initTestCase: the C attacks must have been built, and the engine is made.
    void setUpEngine()
    {
        for (const char *name : {"write_10gb", "abort_core", "unshare_user"})
            QVERIFY2(QFileInfo(attackBinary(QString::fromLatin1(name))).isExecutable(), name);
        m_controller = dockerController();
    }
    /// For cleanupTestCase: the engine goes, and every container it made with it.
    void tearDownEngine()
    {
        m_controller.reset();
        QCOMPARE(ownContainerStates(), QStringList());
    }

    static Outcome run(RunController &controller, const RunRequest &request, int timeoutMs = 60000)
    {
        return runToEnd(controller, request, timeoutMs);
    }
    Outcome run(const RunRequest &request, int timeoutMs = 60000) { return run(*m_controller, request, timeoutMs); }

    // One engine for all: its warm container makes the runs quicker, and each run still gets
    // a container of its own.
    std::unique_ptr<RunController> m_controller;

};
