// A Docker run that fails in a way of its own (here: Docker says it has no such image) is that
// run's error while the daemon still answers, and "the engine is gone" (BackendUnavailable)
// when the daemon no longer answers a /_ping: grading moves the student to another engine only
// then. The daemon is tests/support's fake, which can die right after it answered.

#include "docker/dockerbackend.h"
#include "engine/backendid.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "support/fakedockerdaemon.h"
#include "support/runharness.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
RunError runOn(const FakeDockerDaemon &daemon)
{
    DockerBackend::Config config;
    config.environment.insert(QStringLiteral("DOCKER_HOST"), daemon.dockerHost());
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), QStringLiteral("nosuch/python:1"));
    config.keepWarm = false;
    // Any program: the container is never made, so it never runs.
    config.syscallFilter = QStringLiteral("/bin/true");
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    RunController controller(std::move(backends));
    QSignalSpy failed(&controller, &RunController::runFailed);
    RunRequest request = pythonRequest("print('hi')\n");
    request.backend = kDockerBackendId;
    controller.start(request);
    [&] { QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000); }();
    return failed.isEmpty() ? RunError{} : failed.first().at(1).value<RunError>();
}
} // namespace

class TestDockerLostEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFailureOnALiveDaemonIsTheRunsOwn()
    {
        FakeDockerDaemon daemon;
        QVERIFY(daemon.isListening());
        const RunError error = runOn(daemon);
        QCOMPARE(error.code, RunError::Code::MissingImage);
        QCOMPARE(error.image, QStringLiteral("nosuch/python:1"));
        QVERIFY(daemon.requests.contains(QStringLiteral("GET /v1.41/_ping")));
    }

    void aFailureOfADaemonThatThenStopsAnsweringIsTheEngines()
    {
        FakeDockerDaemon daemon;
        daemon.dieAfter = "/containers/create";
        const RunError error = runOn(daemon);
        QCOMPARE(error.code, RunError::Code::BackendUnavailable);
        QVERIFY2(error.message.contains(QStringLiteral("stopped answering")), qPrintable(error.message));
        QVERIFY2(error.message.contains(QStringLiteral("nosuch/python:1")), qPrintable(error.message));
    }
};

QTEST_GUILESS_MAIN(TestDockerLostEngine)
#include "tst_dockerlostengine.moc"
