// DockerImagePull against a fake daemon on a unix socket (no real Docker needed), the image
// reference splitting, and pulls through ImagePullController.

#include "docker/dockerimagepull.h"
#include "docker/imagepullcontroller.h"
#include "engine/backend.h"
#include "engine/backendid.h"
#include "engine/runcontroller.h"
#include "support/fakedockerdaemon.h"
#include "support/recordedpull.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit::Core;

class TestDockerImagePull : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void referencesSplit_data();
    void referencesSplit();
    void progressRisesToOneAndFinishes();
    void anErrorInTheStreamFails();
    void anUnreachableRegistryFails();
    void aMissingDaemonFails();
    void aBadReferenceFailsAtOnce();
    void cancelStopsTheTransfer();
    void theControllerReportsByIdAndDropsCancelledPulls();
    void aMissingImageIsOfferedNotRunElsewhere();
};

namespace {
// A backend that never gets as far as a job: it refuses with the error it is given.
class RefusingBackend final : public Backend
{
public:
    RefusingBackend(QString id, RunError error, int *asked)
        : m_id(std::move(id))
        , m_error(std::move(error))
        , m_asked(asked)
    {
    }
    QString id() const override { return m_id; }
    Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &) override
    {
        ++*m_asked;
        return std::unexpected(m_error);
    }

private:
    QString m_id;
    RunError m_error;
    int *m_asked;
};

QList<double> fractionsOf(const QSignalSpy &spy, int argument = 0)
{
    QList<double> fractions;
    for (const QList<QVariant> &call : spy)
        fractions << call.at(argument).toDouble();
    return fractions;
}
} // namespace

void TestDockerImagePull::initTestCase()
{
    qRegisterMetaType<RunError>();
}

void TestDockerImagePull::referencesSplit_data()
{
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("apiTag");
    QTest::addColumn<bool>("valid");
    QTest::newRow("tag") << "python:3.12-slim"
                         << "python"
                         << "3.12-slim" << true;
    QTest::newRow("no tag") << "python"
                            << "python"
                            << "latest" << true;
    QTest::newRow("namespace") << "library/bash:5"
                               << "library/bash"
                               << "5" << true;
    QTest::newRow("registry port, tag") << "registry:5000/x/y:tag"
                                        << "registry:5000/x/y"
                                        << "tag" << true;
    QTest::newRow("registry port, no tag") << "registry:5000/x/y"
                                           << "registry:5000/x/y"
                                           << "latest" << true;
    QTest::newRow("digest") << "python@sha256:2f9ca3f1"
                            << "python"
                            << "sha256:2f9ca3f1" << true;
    QTest::newRow("tag and digest") << "registry:5000/py:3@sha256:abcd"
                                    << "registry:5000/py"
                                    << "sha256:abcd" << true;
    QTest::newRow("spaces around") << "  gcc:14 "
                                   << "gcc"
                                   << "14" << true;
    QTest::newRow("empty") << ""
                           << ""
                           << "latest" << false;
    QTest::newRow("empty tag") << "python:"
                               << "python"
                               << "" << false;
    QTest::newRow("space inside") << "my image:1"
                                  << "my image"
                                  << "1" << false;
}

void TestDockerImagePull::referencesSplit()
{
    QFETCH(QString, reference);
    const DockerImageReference split = DockerImageReference::parse(reference);
    QTEST(split.name, "name");
    QTEST(split.apiTag(), "apiTag");
    QTEST(split.isValid(), "valid");
}

void TestDockerImagePull::progressRisesToOneAndFinishes()
{
    FakeDockerDaemon daemon;
    QVERIFY(daemon.isListening());
    DockerImagePull pull(daemon.dockerHost(), QStringLiteral("python:3.12-slim"));
    QSignalSpy progressed(&pull, &DockerImagePull::progressed);
    QSignalSpy finished(&pull, &DockerImagePull::finished);
    QSignalSpy failed(&pull, &DockerImagePull::failed);
    pull.start();

    QTRY_COMPARE(daemon.pulls(), 1);
    QCOMPARE(daemon.requests,
             (QStringList{QStringLiteral("GET /version"),
                          QStringLiteral("POST /v1.41/images/create?fromImage=python&tag=3.12-slim")}));
    const QList<QByteArray> lines = recordedPull();
    // Up to the middle of the downloads; then wait until the test has seen that state.
    for (qsizetype i = 0; i < 14; ++i)
        daemon.sendLine(lines.at(i));
    QTRY_VERIFY(!progressed.isEmpty() && progressed.last().at(0).toDouble() > 0.2);
    const double middle = progressed.last().at(0).toDouble();
    QVERIFY2(middle < 0.5, qPrintable(QString::number(middle)));
    QVERIFY(progressed.last().at(1).toString().startsWith(QLatin1String("Downloading ")));
    QVERIFY(finished.isEmpty());

    for (qsizetype i = 14; i < lines.size(); ++i)
        daemon.sendLine(lines.at(i));
    daemon.endStream();
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY(failed.isEmpty());

    const QList<double> fractions = fractionsOf(progressed);
    QVERIFY(fractions.first() < 0); // connecting: nothing is known yet
    for (qsizetype i = 1; i < fractions.size(); ++i)
        QVERIFY2(fractions.at(i) >= fractions.at(i - 1), qPrintable(QStringLiteral("step %1").arg(i)));
    QCOMPARE(fractions.last(), 1.0);
    QCOMPARE(progressed.last().at(1).toString(), QStringLiteral("Downloaded newer image for python:3.12-slim"));
}

void TestDockerImagePull::anErrorInTheStreamFails()
{
    FakeDockerDaemon daemon;
    DockerImagePull pull(daemon.dockerHost(), QStringLiteral("python:nope"));
    QSignalSpy finished(&pull, &DockerImagePull::finished);
    QSignalSpy failed(&pull, &DockerImagePull::failed);
    pull.start();
    QTRY_COMPARE(daemon.pulls(), 1);
    daemon.sendLine(R"({"status":"Pulling from library/python","id":"nope"})");
    daemon.sendLine(
        R"({"errorDetail":{"message":"manifest for python:nope not found: manifest unknown: manifest unknown"},)"
        R"("error":"manifest for python:nope not found: manifest unknown: manifest unknown"})");
    daemon.endStream();
    QTRY_COMPARE(failed.size(), 1);
    QVERIFY(finished.isEmpty());
    const auto error = failed.first().at(0).value<RunError>();
    QCOMPARE(error.message,
             QStringLiteral("Docker could not pull python:nope: manifest for python:nope not found: manifest "
                            "unknown: manifest unknown. Check the image's name and tag; a private image "
                            "needs `docker login` first."));
}

void TestDockerImagePull::anUnreachableRegistryFails()
{
    FakeDockerDaemon daemon;
    daemon.refusalStatus = 500;
    daemon.pullRefusal
        = QStringLiteral(R"(Get \"https://registry-1.docker.io/v2/\": dial tcp: lookup registry-1.docker.io )"
                         R"(on 10.255.255.53:53: no such host)");
    DockerImagePull pull(daemon.dockerHost(), QStringLiteral("nosuch/image:1"));
    QSignalSpy failed(&pull, &DockerImagePull::failed);
    pull.start();
    QTRY_COMPARE(failed.size(), 1);
    const QString message = failed.first().at(0).value<RunError>().message;
    const QLatin1String start("Docker could not pull nosuch/image:1: Get \"https://registry-1.docker.io/v2/\"");
    QVERIFY2(message.startsWith(start), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("No registry can be reached from this machine")), qPrintable(message));
    QVERIFY(daemon.requests.last().endsWith(QLatin1String("/images/create?fromImage=nosuch%2Fimage&tag=1")));
}

void TestDockerImagePull::aMissingDaemonFails()
{
    DockerImagePull pull(QStringLiteral("unix:///nonexistent/docker.sock"), QStringLiteral("python:3.12-slim"));
    QSignalSpy failed(&pull, &DockerImagePull::failed);
    pull.start();
    QTRY_COMPARE(failed.size(), 1);
    const auto error = failed.first().at(0).value<RunError>();
    QCOMPARE(error.code, RunError::Code::BackendUnavailable);
    QVERIFY2(error.message.startsWith(QLatin1String("Docker is not running")), qPrintable(error.message));
}

void TestDockerImagePull::aBadReferenceFailsAtOnce()
{
    DockerImagePull pull(QStringLiteral("unix:///nonexistent/docker.sock"), QStringLiteral("my image"));
    QSignalSpy failed(&pull, &DockerImagePull::failed);
    pull.start();
    QTRY_COMPARE(failed.size(), 1);
    QCOMPARE(failed.first().at(0).value<RunError>().code, RunError::Code::BadRequest);
}

void TestDockerImagePull::cancelStopsTheTransfer()
{
    FakeDockerDaemon daemon;
    DockerImagePull pull(daemon.dockerHost(), QStringLiteral("python:3.12-slim"));
    QSignalSpy finished(&pull, &DockerImagePull::finished);
    QSignalSpy failed(&pull, &DockerImagePull::failed);
    QSignalSpy cancelled(&pull, &DockerImagePull::cancelled);
    pull.start();
    QTRY_COMPARE(daemon.pulls(), 1);
    daemon.sendLine(recordedPull().first());
    pull.cancel();
    QTRY_COMPARE(cancelled.size(), 1);
    QTRY_VERIFY(daemon.pullStreamClosed());
    QVERIFY(finished.isEmpty());
    QVERIFY(failed.isEmpty());
}

void TestDockerImagePull::theControllerReportsByIdAndDropsCancelledPulls()
{
    FakeDockerDaemon daemon;
    ImagePullController controller(daemon.dockerHost());
    QSignalSpy progress(&controller, &ImagePullController::progressed);
    QSignalSpy finished(&controller, &ImagePullController::finished);
    QSignalSpy failed(&controller, &ImagePullController::failed);

    const PullId dropped = controller.pullImage(QStringLiteral("bash:5"));
    QTRY_COMPARE(daemon.pulls(), 1);
    controller.cancelPull(dropped);
    QVERIFY(!controller.isPulling(dropped));
    progress.clear(); // what came before the cancel was the pull's own; nothing may come after
    QTRY_VERIFY(daemon.pullStreamClosed());

    const PullId id = controller.pullImage(QStringLiteral("python:3.12-slim"));
    QVERIFY(id != dropped);
    QVERIFY(controller.isPulling(id));
    QTRY_COMPARE(daemon.pulls(), 2);
    for (const QByteArray &line : recordedPull())
        daemon.sendLine(line);
    daemon.endStream();
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.first().at(0).value<PullId>(), id);
    QVERIFY(!controller.isPulling(id));
    QVERIFY(failed.isEmpty());
    for (const QList<QVariant> &call : std::as_const(progress))
        QCOMPARE(call.at(0).value<PullId>(), id);
    QCOMPARE(fractionsOf(progress, 1).last(), 1.0);
}

void TestDockerImagePull::aMissingImageIsOfferedNotRunElsewhere()
{
    // The pull is the user's fix: falling back to the local sandbox would hide the offer.
    int dockerAsked = 0;
    int localAsked = 0;
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<RefusingBackend>(
        kDockerBackendId,
        RunError{RunError::Code::MissingImage, QStringLiteral("No image."), QStringLiteral("nosuch/image:1")},
        &dockerAsked));
    backends.push_back(std::make_unique<RefusingBackend>(
        kLocalBackendId, RunError{RunError::Code::Internal, QStringLiteral("not here")}, &localAsked));
    RunController controller(std::move(backends));
    QSignalSpy failed(&controller, &RunController::runFailed);
    RunRequest request;
    request.backend = kDockerBackendId;
    request.fallbackBackend = kLocalBackendId;
    controller.start(request);
    QTRY_COMPARE(failed.size(), 1);
    const auto error = failed.first().at(1).value<RunError>();
    QCOMPARE(error.code, RunError::Code::MissingImage);
    QCOMPARE(error.image, QStringLiteral("nosuch/image:1"));
    QCOMPARE(dockerAsked, 1);
    QCOMPARE(localAsked, 0);
}

QTEST_GUILESS_MAIN(TestDockerImagePull)
#include "tst_dockerimagepull.moc"
