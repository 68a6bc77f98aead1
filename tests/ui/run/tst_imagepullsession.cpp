// ImagePullSession against a real ImagePullController and a fake daemon: only the current pull's
// events come through, and a cancelled or replaced pull says nothing more.

#include "docker/imagepullcontroller.h"
#include "run/imagepullsession.h"
#include "support/fakedockerdaemon.h"
#include "support/recordedpull.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;

class TestImagePullSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesOnTheCurrentPullOnly();
    void aMissingDaemonIsAFailure();
};

void TestImagePullSession::passesOnTheCurrentPullOnly()
{
    FakeDockerDaemon daemon;
    Core::ImagePullController pulls(daemon.dockerHost());
    Ui::ImagePullSession session(pulls);
    QSignalSpy progressed(&session, &Ui::ImagePullSession::pullProgressed);
    QSignalSpy finished(&session, &Ui::ImagePullSession::pullFinished);
    QSignalSpy failed(&session, &Ui::ImagePullSession::pullFailed);

    session.pull(QStringLiteral("bash:5"));
    QVERIFY(session.isActive());
    QTRY_COMPARE(daemon.pulls(), 1);
    // A second pull replaces the first, which is cancelled and never heard of again.
    session.pull(QStringLiteral("python:3.12-slim"));
    QTRY_COMPARE(daemon.pulls(), 2);
    progressed.clear();
    for (const QByteArray &line : recordedPull())
        daemon.sendLine(line);
    daemon.endStream();
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY(!session.isActive());
    QVERIFY(failed.isEmpty());
    QVERIFY(!progressed.isEmpty());
    QCOMPARE(progressed.last().at(0).toDouble(), 1.0);

    session.cancel(); // nothing to cancel: harmless
    QCOMPARE(finished.size(), 1);
}

void TestImagePullSession::aMissingDaemonIsAFailure()
{
    Core::ImagePullController pulls(QStringLiteral("unix:///nonexistent/docker.sock"));
    Ui::ImagePullSession session(pulls);
    QSignalSpy failed(&session, &Ui::ImagePullSession::pullFailed);
    session.pull(QStringLiteral("python:3.12-slim"));
    QTRY_COMPARE(failed.size(), 1);
    QVERIFY(failed.first().at(0).value<Core::RunError>().message.startsWith(QLatin1String("Docker is not running")));
    QVERIFY(!session.isActive());
}

QTEST_MAIN(TestImagePullSession)
#include "tst_imagepullsession.moc"
