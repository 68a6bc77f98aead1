// Which uid a Docker run's program has inside its container, decided by the daemon: under
// userns-remap or rootless Docker uid 2147000000 is outside the mapped range and every run
// failed ("cannot set uid to unmapped user in user namespace").

#include "docker/dockercontainer.h"
#include "docker/dockerdaemoninfo.h"
#include "docker/dockerisolation.h"
#include "docker/dockertransfer.h"

#include <QJsonArray>
#include <QTest>

Q_DECLARE_METATYPE(Sandpit::Core::DockerDaemonInfo)

using namespace Sandpit::Core;

namespace {
const QString kSeccomp = QStringLiteral("name=seccomp,profile=default");

// As GET /info answers: a remapped daemon keeps its data in <root>/<first uid>.<first gid>.
DockerDaemonInfo daemonWith(const QJsonArray &securityOptions, const QString &rootDir)
{
    return DockerDaemonInfo::fromInfo(
        {{QStringLiteral("SecurityOptions"), securityOptions}, {QStringLiteral("DockerRootDir"), rootDir}});
}

DockerContainerKey keyFor(const DockerDaemonInfo &daemon)
{
    return DockerContainerKey::from(QStringLiteral("sandpit-offline/bash:5"), Limits{},
                                    QStringLiteral("/usr/libexec/sandpit/sandpit-seccomp"))
        .forDaemon(daemon);
}

QString user(const QJsonObject &body)
{
    return body.value(QLatin1String("User")).toString();
}

QString workOptions(const QJsonObject &body)
{
    for (const QJsonValue &mount :
         body.value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Mounts")).toArray()) {
        if (mount.toObject().value(QLatin1String("Target")).toString() == QLatin1String(DockerContainer::kWorkDir)) {
            return mount.toObject()
                .value(QLatin1String("VolumeOptions"))
                .toObject()
                .value(QLatin1String("DriverConfig"))
                .toObject()
                .value(QLatin1String("Options"))
                .toObject()
                .value(QLatin1String("o"))
                .toString();
        }
    }
    return {};
}

// What the archive API is told owns the files sent in, for a container made from `key`.
DockerArchive::Owner ownerOfFilesSent(const DockerContainerKey &key)
{
    auto workspace = Workspace::create();
    if (!workspace)
        return {-1, -1};
    const DockerPreparedContainer prepared{QStringLiteral("id"), std::move(*workspace), {}, {}, key.learnerUid};
    return DockerTransfer::owner(prepared);
}
} // namespace

class TestDockerLearnerUid : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aRemappingOrRootlessDaemonRunsTheProgramAsAMappedUid_data()
    {
        QTest::addColumn<DockerDaemonInfo>("daemon");
        QTest::addColumn<QString>("workOwner");
        QTest::addColumn<QString>("said");
        // uid=1000 on the host side would hand /work to the host's first account: the daemon
        // mounts it as root of the host, so its owner is 1000 as the remap sees it.
        QTest::newRow("userns-remap") << daemonWith({kSeccomp, QStringLiteral("name=userns")},
                                                    QStringLiteral("/var/lib/docker/165536.231072"))
                                      << QStringLiteral("uid=166536,gid=232072")
                                      << QStringLiteral(
                                             "Docker remaps user namespaces (userns-remap): uid 1000 inside");
        // The rootless daemon's user namespace is its containers'.
        QTest::newRow("rootless") << daemonWith({kSeccomp, QStringLiteral("name=rootless")},
                                                QStringLiteral("/home/ann/.local/share/docker"))
                                  << QStringLiteral("uid=1000,gid=1000")
                                  << QStringLiteral("Docker runs rootless: the daemon and its containers run as an "
                                                    "ordinary user of this computer, and uid 1000 inside");
    }
    void aRemappingOrRootlessDaemonRunsTheProgramAsAMappedUid()
    {
        QFETCH(DockerDaemonInfo, daemon);
        QFETCH(QString, workOwner);
        QFETCH(QString, said);
        const DockerContainerKey key = keyFor(daemon);
        const QJsonObject body = DockerContainer::createBody(key, QStringLiteral("/c"), QStringLiteral("/w"));
        QCOMPARE(user(body), QStringLiteral("1000:1000"));
        QVERIFY2(workOptions(body).contains(workOwner), qPrintable(workOptions(body)));
        QCOMPARE(ownerOfFilesSent(key).uid, 1000);
        QCOMPARE(ownerOfFilesSent(key).gid, 1000);

        const IsolationReport report = DockerIsolation::report(body, key, Limits{}, daemon);
        const QString details = report.details.join(QLatin1Char(' '));
        QVERIFY2(details.contains(QStringLiteral("as uid 1000 inside, a uid of Docker's subordinate range outside")),
                 qPrintable(details));
        QVERIFY2(details.contains(said), qPrintable(details));
        QVERIFY2(!details.contains(QStringLiteral("2147000000")), qPrintable(details));
        QCOMPARE(report.level, IsolationReport::Level::Full);
    }

    void aRemapWhoseRangeIsNotKnownLeavesWorkToRoot()
    {
        // /work stays writable (mode 0777); giving it to uid 1000 of the host would be wrong.
        const DockerContainerKey key
            = keyFor(daemonWith({kSeccomp, QStringLiteral("name=userns")}, QStringLiteral("/srv/docker")));
        const QJsonObject body = DockerContainer::createBody(key, QStringLiteral("/c"), QStringLiteral("/w"));
        QCOMPARE(user(body), QStringLiteral("1000:1000"));
        QVERIFY2(!workOptions(body).contains(QStringLiteral("uid=")), qPrintable(workOptions(body)));
        QVERIFY2(workOptions(body).contains(QStringLiteral("mode=0777")), qPrintable(workOptions(body)));
    }

    void aPlainOrUnknownDaemonKeepsTheUidNobodyHas_data()
    {
        QTest::addColumn<DockerDaemonInfo>("daemon");
        QTest::newRow("neither remap nor rootless") << daemonWith({kSeccomp}, QStringLiteral("/var/lib/docker"));
        // GET /info failed: fail closed, a remapping daemon then refuses the run.
        QTest::newRow("not known") << DockerDaemonInfo{};
    }
    void aPlainOrUnknownDaemonKeepsTheUidNobodyHas()
    {
        QFETCH(DockerDaemonInfo, daemon);
        const DockerContainerKey key = keyFor(daemon);
        const QJsonObject body = DockerContainer::createBody(key, QStringLiteral("/c"), QStringLiteral("/w"));
        QCOMPARE(user(body), QStringLiteral("2147000000:2147000000"));
        QVERIFY2(workOptions(body).contains(QStringLiteral("uid=2147000000,gid=2147000000")),
                 qPrintable(workOptions(body)));
        QCOMPARE(ownerOfFilesSent(key).uid, 2147000000);
        QCOMPARE(ownerOfFilesSent(key).gid, 2147000000);
        const QString details = DockerIsolation::report(body, key, Limits{}, daemon).details.join(QLatin1Char(' '));
        QVERIFY2(details.contains(QStringLiteral("as uid 2147000000, which no account of this computer has")),
                 qPrintable(details));
    }

    void aKeyNotYetMadeForADaemonHasTheUidNobodyHas()
    {
        // Keys are made before the daemon is reached (DockerPool::create decides): the default
        // must be the one that fails closed.
        const DockerContainerKey key = DockerContainerKey::from(QStringLiteral("sandpit-offline/bash:5"), Limits{}, {});
        QCOMPARE(user(DockerContainer::createBody(key, QStringLiteral("/c"), QStringLiteral("/w"))),
                 QStringLiteral("2147000000:2147000000"));
    }
};

QTEST_GUILESS_MAIN(TestDockerLearnerUid)
#include "tst_dockerlearneruid.moc"
