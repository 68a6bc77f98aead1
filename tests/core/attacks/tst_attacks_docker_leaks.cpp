// What a program in a Sandpit container can learn of the computer it runs on (issue 23, point
// 5): print_host_traces.py prints its cgroup paths, its mount table, PID 1's environment, its
// host name and uid map, and each test asserts that a host path a user would not want shown
// is not among them, in both ways of sending a run's files (bound from this computer, and
// through the archive API as for a remote engine). The same output checks the isolation
// report's words on user namespaces and /dev/shm against what the container shows. Needs
// sandpit-offline/python:3.11.
//
// What no setting of a container hides, and so is asserted only to stay where it is: the
// folder where Docker keeps image layers, in the options of the root file system's overlay
// mount; and, when the run's files are bound, the path of this run's folder on the two
// read-only binds (a bind's source path is what mountinfo prints for it).
#include "files/runfolders.h"
#include "files/workspacebudget.h"
#include "support/attackharness.h"

#include <QDateTime>

namespace {
/// The text under "== heading" in the fixture's output.
QString section(const QByteArray &out, const QString &heading)
{
    const QString text = QString::fromUtf8(out);
    const QString start = QStringLiteral("== ") + heading + QLatin1Char('\n');
    const qsizetype from = text.indexOf(start);
    if (from < 0)
        return {};
    const qsizetype body = from + start.size();
    const qsizetype end = text.indexOf(QStringLiteral("\n== "), body);
    return text.mid(body, end < 0 ? -1 : end - body);
}

QStringList linesWith(const QString &text, const QString &needle)
{
    QStringList found;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.contains(needle))
            found << line;
    }
    return found;
}

DockerClient daemonClient()
{
    auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()));
    if (!client)
        qFatal("no Docker: %s", qPrintable(client.error().message));
    return *client;
}

/// The ids of the containers this process had Docker create since `since` (seconds).
QStringList containersCreatedSince(qint64 since)
{
    const QJsonObject filters{{QStringLiteral("type"), QJsonArray{QStringLiteral("container")}},
                              {QStringLiteral("event"), QJsonArray{QStringLiteral("create")}},
                              {QStringLiteral("label"),
                               QJsonArray{QLatin1String(DockerContainer::kOwnerLabel) + QLatin1Char('=')
                                          + QString::number(QCoreApplication::applicationPid())}}};
    const QString path = QStringLiteral("/events?since=%1&until=%2&filters=%3")
                             .arg(since)
                             .arg(QDateTime::currentSecsSinceEpoch() + 1)
                             .arg(QString::fromLatin1(QUrl::toPercentEncoding(
                                 QString::fromUtf8(QJsonDocument(filters).toJson(QJsonDocument::Compact)))));
    auto response = daemonClient().call("GET", path, {}, 10000);
    if (!response || !response->ok())
        qFatal("cannot read Docker's events");
    QStringList ids;
    for (const QByteArray &line : response->body.split('\n')) {
        const QString id = QJsonDocument::fromJson(line).object().value(QLatin1String("id")).toString();
        if (!id.isEmpty())
            ids << id;
    }
    return ids;
}
} // namespace

class TestAttacksDockerLeaks : public QObject, private AttackFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_since = QDateTime::currentSecsSinceEpoch() - 1;
        beforeAll();
        QProcessEnvironment archive = QProcessEnvironment::systemEnvironment();
        archive.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
        m_archive = dockerController(archive);
        m_dockerRoot = daemonClient()
                           .call("GET", QStringLiteral("/info"))
                           ->object()
                           .value(QLatin1String("DockerRootDir"))
                           .toString();
        QVERIFY(!m_dockerRoot.isEmpty());

        // A kept workspace, so that the learner's own folder is one of the paths to look for.
        QVERIFY(m_workspace.isValid());
        for (const char *transfer : {"bound", "archive"}) {
            RunRequest request = attack(QStringLiteral("print_host_traces.py"));
            request.keptWorkspace = m_workspace.path();
            const Outcome o = run(controller(QLatin1String(transfer)), request);
            QVERIFY2(o.result, qPrintable(why(o)));
            QCOMPARE(o.result->exitCode, 0);
            m_traces.insert(QLatin1String(transfer), o.result->stdoutData);
            m_reports.insert(QLatin1String(transfer), o.result->isolation);
        }
        m_containerIds = containersCreatedSince(m_since);
        // At least one container for each run.
        QVERIFY2(m_containerIds.size() >= 2, qPrintable(m_containerIds.join(QLatin1Char(' '))));
    }
    void cleanupTestCase()
    {
        m_archive.reset();
        afterAll();
    }

    void transfers_data()
    {
        QTest::addColumn<QString>("transfer");
        QTest::newRow("bound") << QStringLiteral("bound");
        QTest::newRow("archive") << QStringLiteral("archive");
    }

    void cgroupPathsNameNoContainer_data() { transfers_data(); }
    void cgroupPathsNameNoContainer()
    {
        // Docker's default on cgroup v1 is the host's cgroup namespace: every line ended in
        // /docker/<container id>, and the cgroup mounts in mountinfo named it too.
        QFETCH(QString, transfer);
        for (const QString &heading : {QStringLiteral("/proc/self/cgroup"), QStringLiteral("/proc/1/cgroup")}) {
            const QString cgroups = section(m_traces.value(transfer), heading);
            QVERIFY2(!cgroups.trimmed().isEmpty(), qPrintable(heading));
            for (const QString &line : cgroups.trimmed().split(QLatin1Char('\n')))
                QVERIFY2(line.endsWith(QLatin1String(":/")), qPrintable(line));
        }
        const QStringList cgroupMounts = linesWith(
            section(m_traces.value(transfer), QStringLiteral("/proc/self/mountinfo")), QStringLiteral(" - cgroup"));
        QVERIFY(!cgroupMounts.isEmpty());
        for (const QString &line : cgroupMounts)
            QVERIFY2(line.split(QLatin1Char(' ')).value(3) == QLatin1String("/"), qPrintable(line));
    }

    void nothingNamesTheContainer_data() { transfers_data(); }
    void nothingNamesTheContainer()
    {
        // Its host name was the first 12 digits of its id, and /etc/hostname was bound from
        // /var/lib/docker/containers/<id>/.
        QFETCH(QString, transfer);
        const QString traces = QString::fromUtf8(m_traces.value(transfer));
        for (const QString &id : std::as_const(m_containerIds))
            QVERIFY2(!traces.contains(id.left(12)), qPrintable(id + QLatin1Char('\n') + traces));
        QCOMPARE(section(m_traces.value(transfer), QStringLiteral("host name")).trimmed(),
                 QLatin1String(DockerContainer::kHostName));
    }

    void dockersFolderShowsOnlyInTheRootMount_data() { transfers_data(); }
    void dockersFolderShowsOnlyInTheRootMount()
    {
        QFETCH(QString, transfer);
        const QString traces = QString::fromUtf8(m_traces.value(transfer));
        const QStringList lines = linesWith(traces, m_dockerRoot);
        const QString mounts = section(m_traces.value(transfer), QStringLiteral("/proc/self/mountinfo"));
        const QString pidOneMounts = section(m_traces.value(transfer), QStringLiteral("/proc/1/mountinfo"));
        for (const QString &line : lines) {
            // The overlay's lowerdir and upperdir, which the kernel prints and no setting hides.
            const QStringList fields = line.split(QLatin1Char(' '));
            QVERIFY2(fields.value(4) == QLatin1String("/") && line.contains(QLatin1String(" - overlay ")),
                     qPrintable(line));
            QVERIFY(mounts.contains(line) || pidOneMounts.contains(line));
        }
    }

    void sandpitsFoldersStayOutside_data() { transfers_data(); }
    void sandpitsFoldersStayOutside()
    {
        // sandpit-seccomp was bound from where it is installed, here the build's bin/ and on a
        // developer's machine a folder in their home.
        QFETCH(QString, transfer);
        const QString traces = QString::fromUtf8(m_traces.value(transfer));
        const QString installed = QFileInfo(DockerBackend::findSyscallFilter()).canonicalPath();
        QVERIFY(!installed.isEmpty());
        QVERIFY2(!traces.contains(installed), qPrintable(installed));
        QVERIFY2(!traces.contains(m_workspace.path()), qPrintable(m_workspace.path()));
        QVERIFY2(!traces.contains(QDir::homePath() + QLatin1Char('/')), qPrintable(QDir::homePath()));

        // The run's folder: only on the read-only binds of the control and files folders, and
        // never through the archive API.
        const QString runs = *RunFolders::parent();
        const QStringList lines = linesWith(traces, runs);
        if (transfer == QLatin1String("archive")) {
            QVERIFY2(lines.isEmpty(), qPrintable(lines.join(QLatin1Char('\n'))));
            return;
        }
        QVERIFY(!lines.isEmpty());
        for (const QString &line : lines) {
            const QString target = line.split(QLatin1Char(' ')).value(4);
            QVERIFY2(target == QLatin1String(DockerContainer::kControlDir)
                         || target == QLatin1String(DockerContainer::kFilesDir),
                     qPrintable(line));
        }
    }

    void initsEnvironmentIsRefused_data() { transfers_data(); }
    void initsEnvironmentIsRefused()
    {
        // Init is non-dumpable (see core/helper/dockerinit.h). Its mount table is the
        // program's own, the same namespace, and is asserted on with it above.
        QFETCH(QString, transfer);
        QCOMPARE(section(m_traces.value(transfer), QStringLiteral("/proc/1/environ")).trimmed(),
                 QStringLiteral("refused: Permission denied"));
    }

    void devShmIsTheSizedTmpfsTheReportSays_data() { transfers_data(); }
    void devShmIsTheSizedTmpfsTheReportSays()
    {
        // The report names /dev/shm among the writable places, each a tmpfs of at most 64 MB
        // and 8192 files: the mount the program sees must be that.
        QFETCH(QString, transfer);
        const QStringList shm = linesWith(section(m_traces.value(transfer), QStringLiteral("/proc/self/mountinfo")),
                                          QStringLiteral(" /dev/shm "));
        QCOMPARE(shm.size(), 1);
        const QString line = shm.constFirst();
        QVERIFY2(line.contains(QLatin1String(" - tmpfs "))
                     && line.split(QLatin1Char(' ')).value(5).startsWith(QLatin1String("rw,")),
                 qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("size=%1k").arg(kWorkspaceBytes / 1024)), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("nr_inodes=%1").arg(kWorkspaceInodes)), qPrintable(line));
        QVERIFY2(m_reports.value(transfer)
                     .details.join(QLatin1Char(' '))
                     .contains(QStringLiteral(
                         "/work, /tmp and /dev/shm: each a tmpfs in memory of at most 64 MB and 8192 files")),
                 qPrintable(m_reports.value(transfer).details.join(QLatin1Char(' '))));
    }

    void reportSaysWhichUserNamespaceIsInForce_data() { transfers_data(); }
    void reportSaysWhichUserNamespaceIsInForce()
    {
        // Told from inside, independently of /info: without a user namespace of Docker's,
        // the container's uid map is the whole identity map.
        QFETCH(QString, transfer);
        const QStringList map = section(m_traces.value(transfer), QStringLiteral("/proc/self/uid_map"))
                                    .simplified()
                                    .split(QLatin1Char(' '));
        const bool identity
            = map == QStringList{QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("4294967295")};
        const QString details = m_reports.value(transfer).details.join(QLatin1Char(' '));
        QCOMPARE(details.contains(QLatin1String("Docker neither remaps user namespaces nor runs rootless")), identity);
        QCOMPARE(details.contains(QLatin1String("Docker remaps user namespaces"))
                     || details.contains(QLatin1String("Docker runs rootless")),
                 !identity);
        QVERIFY2(details.contains(QStringLiteral("It had a cgroup namespace and a host name of its own")),
                 qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("where Docker keeps image layers (%1)").arg(m_dockerRoot)),
                 qPrintable(details));
    }

private:
    RunController &controller(const QString &transfer)
    {
        return transfer == QLatin1String("archive") ? *m_archive : *m_controller;
    }

    qint64 m_since = 0;
    std::unique_ptr<RunController> m_archive;
    QString m_dockerRoot;
    QTemporaryDir m_workspace;
    QHash<QString, QByteArray> m_traces;
    QHash<QString, IsolationReport> m_reports;
    QStringList m_containerIds;
};

QTEST_GUILESS_MAIN(TestAttacksDockerLeaks)
#include "tst_attacks_docker_leaks.moc"
