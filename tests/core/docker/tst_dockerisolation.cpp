// The Docker isolation report, read from the create body and what the daemon said of itself
// (GET /info): `full` only while no known gap holds, every gap named, and which user-namespace
// setting was in force.
#include "docker/dockercontainer.h"
#include "docker/dockerdaemoninfo.h"
#include "docker/dockerisolation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Sandpit::Core;

namespace {
const QString kFilter = QStringLiteral("/usr/libexec/sandpit/sandpit-seccomp");

DockerContainerKey key(const QString &filter = kFilter)
{
    return DockerContainerKey::from(QStringLiteral("sandpit-offline/python:3.11"), Limits{}, filter);
}

// The parts of a GET /info body the report reads, as a daemon with neither a user-namespace
// remap nor rootless mode sends them (Docker 20.10 on cgroup v1, as on this test's machine).
DockerDaemonInfo daemonWith(const QJsonArray &securityOptions, int apiMinor = 41)
{
    DockerDaemonInfo daemon
        = DockerDaemonInfo::fromInfo({{QStringLiteral("SecurityOptions"), securityOptions},
                                      {QStringLiteral("DockerRootDir"), QStringLiteral("/var/lib/docker")}});
    daemon.apiMinor = apiMinor;
    return daemon;
}

DockerDaemonInfo plainDaemon(int apiMinor = 41)
{
    return daemonWith({QStringLiteral("name=seccomp,profile=default")}, apiMinor);
}

IsolationReport reportOf(const QJsonObject &body, const DockerContainerKey &k = key())
{
    return DockerIsolation::report(body, k, Limits{}, plainDaemon());
}

QString details(const IsolationReport &report)
{
    return report.details.join(QLatin1Char(' '));
}

QJsonObject withHost(QJsonObject body, const QString &name, const QJsonValue &value)
{
    QJsonObject host = body.value(QLatin1String("HostConfig")).toObject();
    if (value.isUndefined())
        host.remove(name);
    else
        host.insert(name, value);
    body.insert(QStringLiteral("HostConfig"), host);
    return body;
}
} // namespace

class TestDockerIsolation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theContainerSandpitMakesIsFull_data()
    {
        QTest::addColumn<bool>("remote");
        QTest::newRow("local engine") << false;
        QTest::newRow("remote engine") << true;
    }
    void theContainerSandpitMakesIsFull()
    {
        QFETCH(bool, remote);
        DockerContainerKey k = key();
        k.remote = remote;
        const QJsonObject body
            = DockerContainer::createBody(k, QStringLiteral("/tmp/control"), QStringLiteral("/tmp/work"));
        const IsolationReport report = reportOf(body, k);
        QCOMPARE(report.level, IsolationReport::Level::Full);
        QVERIFY2(
            details(report).contains(QStringLiteral("/work, /tmp and /dev/shm: each a tmpfs in memory of at most 64 MB "
                                                    "and 8192 files")),
            qPrintable(details(report)));
        // Nothing of this computer is writable inside.
        for (const QJsonValue &mount :
             body.value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Mounts")).toArray()) {
            if (mount.toObject().value(QLatin1String("Type")).toString() == QLatin1String("bind"))
                QVERIFY(mount.toObject().value(QLatin1String("ReadOnly")).toBool());
        }
    }

    void aWritableHostFolderIsPartial()
    {
        // What every run had before: the workspace bound from the host, with no size limit.
        const QJsonObject body
            = withHost(DockerContainer::createBody(key(), QStringLiteral("/tmp/control"), QStringLiteral("/tmp/work")),
                       QStringLiteral("Mounts"),
                       QJsonArray{QJsonObject{{QStringLiteral("Type"), QStringLiteral("bind")},
                                              {QStringLiteral("Source"), QStringLiteral("/tmp/sandpit-run-x/work")},
                                              {QStringLiteral("Target"), QStringLiteral("/work")},
                                              {QStringLiteral("ReadOnly"), false}}});
        const IsolationReport report = reportOf(body);
        QCOMPARE(report.level, IsolationReport::Level::Partial);
        QVERIFY2(
            details(report).contains(QStringLiteral("Its folder /work was a folder of this computer "
                                                    "(/tmp/sandpit-run-x/work) bound writable, with no size limit")),
            qPrintable(details(report)));
    }

    void anUnsizedPlaceIsPartial_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unsized /tmp") << QStringLiteral("Tmpfs")
                                      << QJsonValue(QJsonObject{{QStringLiteral("/tmp"), QStringLiteral("rw,nosuid")}})
                                      << QStringLiteral("Its /tmp was a tmpfs with no size limit.");
        QTest::newRow("writable root") << QStringLiteral("ReadonlyRootfs") << QJsonValue(false)
                                       << QStringLiteral("Its root file system was writable");
        QTest::newRow("network") << QStringLiteral("NetworkMode") << QJsonValue(QStringLiteral("bridge"))
                                 << QStringLiteral("It had a network.");
    }
    void anUnsizedPlaceIsPartial()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, reason);
        const QJsonObject body
            = withHost(DockerContainer::createBody(key(), QStringLiteral("/c"), QStringLiteral("/w")), field, value);
        const IsolationReport report = reportOf(body);
        QCOMPARE(report.level, IsolationReport::Level::Partial);
        QVERIFY2(details(report).contains(reason), qPrintable(details(report)));
    }

    void theDaemonsInfoSaysWhichUserNamespaceIsInForce_data()
    {
        QTest::addColumn<QByteArray>("info");
        QTest::addColumn<bool>("known");
        QTest::addColumn<bool>("remap");
        QTest::addColumn<bool>("rootless");
        // SecurityOptions as Docker 20.10 sends them for each setting.
        QTest::newRow("neither") << QByteArray(
            R"({"SecurityOptions":["name=apparmor","name=seccomp,profile=default"]})")
                                 << true << false << false;
        QTest::newRow("userns-remap") << QByteArray(
            R"({"SecurityOptions":["name=seccomp,profile=default","name=userns"],"DockerRootDir":"/var/lib/docker/100000.100000"})")
                                      << true << true << false;
        QTest::newRow("rootless") << QByteArray(
            R"({"SecurityOptions":["name=seccomp,profile=default","name=rootless","name=cgroupns"],"DockerRootDir":"/home/ada/.local/share/docker"})")
                                  << true << false << true;
        // Before API 1.30 the options were bare words.
        QTest::newRow("old daemon, userns")
            << QByteArray(R"({"SecurityOptions":["apparmor","seccomp","userns"]})") << true << true << false;
        QTest::newRow("a longer name is not userns")
            << QByteArray(R"({"SecurityOptions":["name=usernsx","name=seccomp,profile=userns-like"]})") << true << false
            << false;
        QTest::newRow("no SecurityOptions: not known") << QByteArray(R"({"ID":"x"})") << false << false << false;
    }
    void theDaemonsInfoSaysWhichUserNamespaceIsInForce()
    {
        QFETCH(QByteArray, info);
        QFETCH(bool, known);
        QFETCH(bool, remap);
        QFETCH(bool, rootless);
        const DockerDaemonInfo daemon = DockerDaemonInfo::fromInfo(QJsonDocument::fromJson(info).object());
        QCOMPARE(daemon.known, known);
        QCOMPARE(daemon.userNamespaceRemap, remap);
        QCOMPARE(daemon.rootless, rootless);
    }

    void aRemoteEngineGetsNoBindAndTheReportSaysWhatShows_data()
    {
        QTest::addColumn<bool>("remote");
        QTest::addColumn<bool>("engineHere");
        QTest::addColumn<int>("binds");
        QTest::addColumn<bool>("idShown");
        // Locally: the control and files folders, and /dev/null over /etc/hostname.
        QTest::newRow("local engine") << false << true << 3 << false;
        // Files through the archive API, but the daemon is on this computer: its /dev/null is ours.
        QTest::newRow("archive transfer, local daemon") << true << true << 1 << false;
        // An engine over TCP cannot see our folders, nor be trusted to have any path we name.
        QTest::newRow("engine over TCP") << true << false << 0 << true;
    }
    void aRemoteEngineGetsNoBindAndTheReportSaysWhatShows()
    {
        QFETCH(bool, remote);
        QFETCH(bool, engineHere);
        QFETCH(int, binds);
        QFETCH(bool, idShown);
        DockerContainerKey k = key();
        k.remote = remote;
        k.engineHere = engineHere;
        const QJsonObject body
            = DockerContainer::createBody(k, QStringLiteral("/tmp/control"), QStringLiteral("/tmp/work"));
        const QJsonArray mounts
            = body.value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Mounts")).toArray();
        const auto bound = std::count_if(mounts.begin(), mounts.end(), [](const QJsonValue &mount) {
            return mount.toObject().value(QLatin1String("Type")).toString() == QLatin1String("bind");
        });
        QCOMPARE(int(bound), binds);
        QCOMPARE(body.value(QLatin1String("Hostname")).toString(), QStringLiteral("sandpit"));
        const QString said = details(reportOf(body, k));
        QCOMPARE(said.contains(QStringLiteral("Its /proc/self/mountinfo also showed the container's id, in the path "
                                              "of the /etc/hostname Docker keeps for it on the computer Docker runs "
                                              "on.")),
                 idShown);
        QCOMPARE(reportOf(body, k).level, IsolationReport::Level::Full);
    }

    void aRunWithAProxyStaysOnNoNetworkWithTheSocketAloneBound()
    {
        DockerContainerKey k = key();
        k.proxySocket = QStringLiteral("/tmp/sandpit-0/sandpit-proxy-abc/proxy.sock");
        const QJsonObject body
            = DockerContainer::createBody(k, QStringLiteral("/tmp/control"), QStringLiteral("/tmp/work"));
        const QJsonObject host = body.value(QLatin1String("HostConfig")).toObject();
        QCOMPARE(host.value(QLatin1String("NetworkMode")).toString(), QStringLiteral("none"));
        QVERIFY(body.value(QLatin1String("NetworkDisabled")).toBool());
        const QJsonObject socketBind{{QStringLiteral("Type"), QStringLiteral("bind")},
                                     {QStringLiteral("Source"), k.proxySocket},
                                     {QStringLiteral("Target"), QStringLiteral("/run/sandpit-proxy/proxy.sock")},
                                     {QStringLiteral("ReadOnly"), true}};
        QVERIFY(host.value(QLatin1String("Mounts")).toArray().contains(socketBind));
        QCOMPARE(reportOf(body, k).level, IsolationReport::Level::Full);
        // The forwarder is one more of init's processes, not one of the program's.
        k.processes = 10;
        DockerContainerKey withoutProxy = k;
        withoutProxy.proxySocket.clear();
        QCOMPARE(k.pidsLimit(), withoutProxy.pidsLimit() + 1);
    }

    void theReportSaysWhichUserNamespaceIsInForce_data()
    {
        QTest::addColumn<QJsonArray>("securityOptions");
        QTest::addColumn<bool>("remote");
        QTest::addColumn<QString>("said");
        const QString seccomp = QStringLiteral("name=seccomp,profile=default");
        QTest::newRow("neither, local") << QJsonArray{seccomp} << false
                                        << QStringLiteral(
                                               "Docker neither remaps user namespaces nor runs rootless, so uid "
                                               "2147000000 inside was uid 2147000000 on this computer too");
        QTest::newRow("neither, remote") << QJsonArray{seccomp} << true
                                         << QStringLiteral("uid 2147000000 on the computer Docker runs on too");
        QTest::newRow("userns-remap") << QJsonArray{seccomp, QStringLiteral("name=userns")} << false
                                      << QStringLiteral("Docker remaps user namespaces (userns-remap): uid 1000 "
                                                        "inside was a subordinate uid of this computer outside");
        QTest::newRow("rootless") << QJsonArray{seccomp, QStringLiteral("name=rootless")} << false
                                  << QStringLiteral("Docker runs rootless: the daemon and its containers run as an "
                                                    "ordinary user of this computer");
        QTest::newRow("not known") << QJsonArray() << false
                                   << QStringLiteral(
                                          "Docker did not say whether it remaps user namespaces or runs rootless");
    }
    void theReportSaysWhichUserNamespaceIsInForce()
    {
        QFETCH(QJsonArray, securityOptions);
        QFETCH(bool, remote);
        QFETCH(QString, said);
        DockerDaemonInfo daemon = daemonWith(securityOptions);
        if (securityOptions.isEmpty())
            daemon = DockerDaemonInfo{}; // /info did not answer
        DockerContainerKey k = key().forDaemon(daemon);
        k.remote = remote;
        const IsolationReport report = DockerIsolation::report(
            DockerContainer::createBody(k, QStringLiteral("/c"), QStringLiteral("/w")), k, Limits{}, daemon);
        QVERIFY2(details(report).contains(said), qPrintable(details(report)));
        // The learner's uid is nobody's either way (2147000000, or 1000 mapped): none of them is a gap.
        QCOMPARE(report.level, IsolationReport::Level::Full);
    }

    void theContainerHasItsOwnCgroupsAndHostName()
    {
        const QJsonObject body = DockerContainer::createBody(key(), QStringLiteral("/c"), QStringLiteral("/w"));
        const QJsonObject host = body.value(QLatin1String("HostConfig")).toObject();
        QCOMPARE(host.value(QLatin1String("CgroupnsMode")).toString(), QStringLiteral("private"));
        QCOMPARE(body.value(QLatin1String("Hostname")).toString(), QStringLiteral("sandpit"));
        const QString said = details(reportOf(body));
        QVERIFY2(said.contains(QStringLiteral("It had a cgroup namespace and a host name of its own")),
                 qPrintable(said));
        // What no setting hides is said too.
        QVERIFY2(said.contains(QStringLiteral("Its /proc/self/mountinfo showed where Docker keeps image layers "
                                              "(/var/lib/docker) and the path of this run's folder, bound read-only")),
                 qPrintable(said));
    }

    void hostCgroupsAndTheContainersNameAreSaid_data()
    {
        QTest::addColumn<bool>("withCgroupns");
        QTest::addColumn<bool>("withHostname");
        QTest::addColumn<int>("apiMinor");
        QTest::addColumn<QString>("said");
        const QString cgroups
            = QStringLiteral("Its /proc/self/cgroup named the container and this computer's cgroup layout.");
        const QString name = QStringLiteral("Its host name was the container's id.");
        QTest::newRow("no CgroupnsMode") << false << true << 41 << cgroups;
        // API 1.40 has no CgroupnsMode: the daemon ignores it.
        QTest::newRow("a daemon too old for it") << true << true << 40 << cgroups;
        QTest::newRow("no Hostname") << true << false << 41 << name;
    }
    void hostCgroupsAndTheContainersNameAreSaid()
    {
        QFETCH(bool, withCgroupns);
        QFETCH(bool, withHostname);
        QFETCH(int, apiMinor);
        QFETCH(QString, said);
        QJsonObject body = DockerContainer::createBody(key(), QStringLiteral("/c"), QStringLiteral("/w"));
        if (!withCgroupns)
            body = withHost(body, QStringLiteral("CgroupnsMode"), QJsonValue::Undefined);
        if (!withHostname)
            body.remove(QStringLiteral("Hostname"));
        const QString text = details(DockerIsolation::report(body, key(), Limits{}, plainDaemon(apiMinor)));
        QVERIFY2(text.contains(said), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("of its own")), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestDockerIsolation)
#include "tst_dockerisolation.moc"
