// The Docker part of `sandpit doctor`, against a stand-in daemon: the server's version, which
// of the languages' images it has and which are missing, Sandpit's own images beside them, and
// a daemon that is not there said as such, with the fix.
#include "docker/dockercheck.h"
#include "support/fakedockerdaemon.h"

#include <QTest>

#include <atomic>
#include <thread>

using namespace Sandpit::Core;

namespace {
constexpr int kTimeoutMs = 10'000;

// checkDocker() blocks on the daemon, which answers on this thread: it runs on another.
DockerCheck checkWhileServing(const QString &dockerHost, const QList<DockerImageCheck> &images)
{
    DockerCheck check;
    std::atomic_bool done = false;
    std::thread asker([&] {
        check = checkDocker(dockerHost, images);
        done = true;
    });
    const bool answered = QTest::qWaitFor([&] { return done.load(); }, kTimeoutMs);
    asker.join();
    if (!answered)
        qWarning("checkDocker took longer than %d ms", kTimeoutMs);
    return check;
}
} // namespace

class TestDockerCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reachableDaemonListsImages()
    {
        FakeDockerDaemon daemon;
        QVERIFY(daemon.isListening());
        daemon.images = {QStringLiteral("python:3.12-slim"), QStringLiteral("sandpit-offline/gcc:12"),
                         QStringLiteral("debian:12")};
        const DockerCheck check
            = checkWhileServing(daemon.dockerHost(),
                                {{QStringLiteral("python:3.12-slim"), {QStringLiteral("python")}, false},
                                 {QStringLiteral("gcc:14"), {QStringLiteral("c"), QStringLiteral("cpp")}, false}});
        QVERIFY2(check.problem.isEmpty(), qPrintable(check.problem));
        QVERIFY(check.reachable && check.permitted);
        QCOMPARE(check.serverVersion, QStringLiteral("20.10.24"));
        QCOMPARE(check.images.size(), 2);
        QVERIFY(check.images.at(0).present);
        QVERIFY(!check.images.at(1).present);
        QCOMPARE(check.images.at(1).languages, (QStringList{QStringLiteral("c"), QStringLiteral("cpp")}));
        QCOMPARE(check.sandpitImages, QStringList{QStringLiteral("sandpit-offline/gcc:12")});
    }

    void absentDaemonSaysHowToStartIt()
    {
        QTemporaryDir dir;
        const DockerCheck check
            = checkWhileServing(QStringLiteral("unix://") + dir.filePath(QStringLiteral("docker.sock")), {});
        QVERIFY(!check.reachable);
        QVERIFY(!check.permitted);
        QVERIFY(check.endpoint.endsWith(QLatin1String("docker.sock")));
        QVERIFY2(check.problem.contains(QLatin1String("systemctl start docker")), qPrintable(check.problem));
    }
};

QTEST_GUILESS_MAIN(TestDockerCheck)
#include "tst_dockercheck.moc"
