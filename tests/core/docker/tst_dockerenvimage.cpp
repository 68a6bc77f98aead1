// A cached Python environment on Docker runs from an image of its own, made once per engine
// (DockerEnvImage): on this computer's daemon and on the TLS engine of
// scripts/start-tls-dockerd.sh, which shares no disk with us. What a user or the engine would
// notice: the program imports the package, the engine's image list gains one image for the
// environment and no more on later runs, the program cannot change what later runs import, and
// the run's files never include the environment's.

#include "docker/dockerenvimage.h"
#include "support/dockerharness.h"
#include "support/tlsengine.h"
#include "support/wheelhouse.h"

#include "packages/envcache.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QUrl>

#include <future>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestDockerEnvImage : public QObject
{
    Q_OBJECT

    /// The id of the image made for the environment at `envPath` from the Python image; empty
    /// when the engine has none.
    static QString imageOf(const DockerClient &client, const QString &envPath)
    {
        const auto id = [&](const QString &image) {
            auto response = client.call("GET", QStringLiteral("/images/%1/json").arg(image));
            return response && response->ok() ? response->object().value(QLatin1String("Id")).toString() : QString();
        };
        return id(DockerEnvImage::imageName(id(kOfflinePythonImage), envPath));
    }

    /// A finished environment of one small file in `dir`, for ensure() to make an image of.
    static QString finishedEnvironment(const QTemporaryDir &dir)
    {
        const QString env = dir.filePath(QStringLiteral("0123abcd"));
        QDir().mkpath(env);
        QFile module(env + QStringLiteral("/hello.py"));
        if (module.open(QIODevice::WriteOnly))
            module.write("print('hello')\n");
        QFile marker(env + QLatin1Char('/') + QLatin1String(EnvCache::kMarker));
        if (marker.open(QIODevice::WriteOnly))
            marker.close();
        return env;
    }

    static void removeImage(const DockerClient &client, const QString &image)
    {
        client.call("DELETE", QStringLiteral("/images/%1?force=1").arg(image));
    }

    static RunRequest fixtureProgram(const Wheelhouse &wheelhouse, const QString &name)
    {
        return wheelhouse.use(pythonRequest(fixture(QStringLiteral("packages/") + name)));
    }

    /// Installs, then runs again from the cache, on the engine `environment` names: the package
    /// imported both times, one image made, none by the second run.
    static void runsTwiceWithOneImage(const QProcessEnvironment &environment)
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        auto controller = dockerController(environment);
        const RunRequest request = fixtureProgram(wheelhouse, QStringLiteral("uses_fixture_pkg.py"));
        const Outcome first = runToEnd(*controller, request, 120000);
        QVERIFY2(first.result && first.result->exitCode == 0, why(first) + first.liveStderr);
        QCOMPARE(wheelhouse.environments().size(), 1);
        const DockerClient engine = dockerClientFor(environment);
        const QString envPath = wheelhouse.envs() + QLatin1Char('/') + wheelhouse.environments().first();
        const QString made = imageOf(engine, envPath);
        QVERIFY(!made.isEmpty());

        const Outcome second = runToEnd(*controller, request, 60000);
        QVERIFY2(second.result, why(second));
        QCOMPARE(second.result->exitCode, 0);
        QCOMPARE(second.liveStdout,
                 QByteArray("hello from sandpit_fixture_pkg\nprefix ") + DockerEnvImage::kPathInImage + '\n');
        // Made again, the image would have a new id under the same name.
        QCOMPARE(imageOf(engine, envPath), made);
    }

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<RunError>(); }

    void aCachedRunImportsFromTheEnvironmentsImage()
    {
        runsTwiceWithOneImage(QProcessEnvironment::systemEnvironment());
    }

    void theRemoteEngineMakesAndUsesItsOwnImage()
    {
        const auto environment = tlsEngineEnvironment();
        QVERIFY2(environment,
                 qPrintable(QStringLiteral("No TLS engine: %1 is missing. Start it with sudo "
                                           "scripts/start-tls-dockerd.sh.")
                                .arg(tlsEngineEnvFile())));
        runsTwiceWithOneImage(*environment);
    }

    void theProgramCannotChangeTheEnvironmentAndItsFilesAreNotListed()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        auto controller = dockerController();
        QTemporaryDir parent;
        auto store = std::make_shared<ArtifactStore>(parent.path());
        RunRequest request = fixtureProgram(wheelhouse, QStringLiteral("writes_into_its_environment.py"));
        request.keepArtifacts = ArtifactStore::reserve(store);
        for (int run = 0; run < 2; ++run) {
            // The first run installs; the second runs from the image the first one made.
            const Outcome o = runToEnd(*controller, request, 120000);
            QVERIFY2(o.result && o.result->exitCode == 0, why(o) + o.liveStderr);
            // Refused by the read-only root file system, or before that by the files' owner.
            QVERIFY2(o.liveStdout.contains("refused planted.py ") && o.liveStdout.contains("refused __init__.py ")
                         && !o.liveStdout.contains("wrote"),
                     o.liveStdout);
            QStringList listed;
            for (const Artifact &artifact : o.result->artifacts)
                listed << artifact.path;
            QCOMPARE(listed, QStringList{QStringLiteral("note.txt")});
        }
        // What a later run imports is what was installed.
        const Outcome later
            = runToEnd(*controller, fixtureProgram(wheelhouse, QStringLiteral("uses_fixture_pkg.py")), 60000);
        QVERIFY2(later.result, why(later));
        QVERIFY2(later.liveStdout.startsWith("hello from sandpit_fixture_pkg\n"), later.liveStdout);
    }

    void anotherEnginesHungMakeDoesNotHoldUpThisOne()
    {
        // An engine that takes the connection and never answers, as a hung remote one does.
        QTemporaryDir socketDir;
        const QString socketPath = socketDir.filePath(QStringLiteral("docker.sock"));
        int listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        qstrncpy(address.sun_path, QFile::encodeName(socketPath).constData(), sizeof address.sun_path);
        QVERIFY(::bind(listener, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0);
        QVERIFY(::listen(listener, 4) == 0);
        DockerEndpoint hungEndpoint;
        hungEndpoint.unixSocket = socketPath;
        hungEndpoint.baseUrl = QStringLiteral("http://localhost");
        hungEndpoint.description = socketPath;
        const DockerClient hung(hungEndpoint);
        QTemporaryDir hungEnvs(QStringLiteral("/var/tmp/sandpit-envs-XXXXXX"));
        auto stuck = std::async(std::launch::async, [&] {
            return DockerEnvImage::ensure(hung, kOfflinePythonImage, finishedEnvironment(hungEnvs));
        });
        // Its connection waits to be taken: ensure() is under way on the hung engine.
        pollfd waiting{listener, POLLIN, 0};
        QCOMPARE(::poll(&waiting, 1, 30000), 1);

        const DockerClient local = dockerClientFor(QProcessEnvironment::systemEnvironment());
        QTemporaryDir envs(QStringLiteral("/var/tmp/sandpit-envs-XXXXXX"));
        const QString env = finishedEnvironment(envs);
        auto here = std::async(std::launch::async,
                               [&] { return DockerEnvImage::ensure(local, kOfflinePythonImage, env); });
        // Declared last, so it runs first: the hung call's connection is taken and closed, so
        // neither future waits forever when it is destroyed.
        const auto unhang = qScopeGuard([listener] {
            ::close(::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC));
            ::close(listener);
        });
        // A wait on the result itself, not a poll: QTRY's diagnostic second wait would outlast
        // the test's watchdog when it fails.
        QVERIFY2(here.wait_for(std::chrono::minutes(2)) == std::future_status::ready,
                 "the make on this engine waited for the hung engine's");
        const auto made = here.get();
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        removeImage(local, *made);
    }

    void theEnvironmentsImageCarriesNoRunLabelsAndALeftHolderGoes()
    {
        const DockerClient local = dockerClientFor(QProcessEnvironment::systemEnvironment());
        QTemporaryDir envs(QStringLiteral("/var/tmp/sandpit-envs-XXXXXX"));
        const QString env = finishedEnvironment(envs);
        auto base = local.call("GET", QStringLiteral("/images/%1/json").arg(kOfflinePythonImage));
        QVERIFY(base && base->ok());
        const QString name = DockerEnvImage::imageName(base->object().value(QLatin1String("Id")).toString(), env);
        // As a make that crashed after making its holder would leave it.
        const QString holder = DockerEnvImage::holderName(name);
        const QJsonObject leftBody{{QStringLiteral("Image"), kOfflinePythonImage},
                                   {QStringLiteral("Cmd"), QJsonArray{QStringLiteral("true")}}};
        auto left = local.call("POST", QStringLiteral("/containers/create?name=") + holder,
                               QJsonDocument(leftBody).toJson(QJsonDocument::Compact));
        QVERIFY2(left && left->ok(), left ? left->body.constData() : "");

        const auto made = DockerEnvImage::ensure(local, kOfflinePythonImage, env);
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        const auto cleanup = qScopeGuard([&] { removeImage(local, *made); });
        QCOMPARE(*made, name);
        auto image = local.call("GET", QStringLiteral("/images/%1/json").arg(name));
        QVERIFY(image && image->ok());
        const QJsonObject labels
            = image->object().value(QLatin1String("Config")).toObject().value(QLatin1String("Labels")).toObject();
        // A container made from it is nobody's run, so removeOrphans() leaves it alone.
        QVERIFY(labels.contains(QLatin1String(DockerEnvImage::kLabel)));
        QVERIFY2(!labels.contains(QLatin1String(DockerContainer::kRunLabel))
                     && !labels.contains(QLatin1String(DockerContainer::kOwnerLabel)),
                 QJsonDocument(labels).toJson().constData());
        auto holderLeft = local.call("GET", QStringLiteral("/containers/%1/json").arg(holder));
        QVERIFY(holderLeft);
        QCOMPARE(holderLeft->status, 404);
    }

    void aNewBaseImageOrARebuiltEnvironmentGetsAnImageOfItsOwn()
    {
        QTemporaryDir envs(QStringLiteral("/var/tmp/sandpit-envs-XXXXXX"));
        const QString env = envs.filePath(QStringLiteral("0123abcd"));
        QVERIFY(QDir().mkpath(env));
        QFile marker(env + QLatin1Char('/') + QLatin1String(EnvCache::kMarker));
        // Its time set while open, as QFileDevice::setFileTime needs.
        QVERIFY(marker.open(QIODevice::WriteOnly));
        QVERIFY(marker.setFileTime(QDateTime::fromSecsSinceEpoch(1'700'000'000), QFileDevice::FileModificationTime));
        marker.close();
        const QString first = DockerEnvImage::imageName(QStringLiteral("sha256:aa"), env);
        QVERIFY(first.startsWith(QLatin1String("sandpit-env/")));
        QCOMPARE(DockerEnvImage::imageName(QStringLiteral("sha256:aa"), env), first);
        QVERIFY(DockerEnvImage::imageName(QStringLiteral("sha256:bb"), env) != first);
        // Built again: a new marker.
        QVERIFY(marker.open(QIODevice::WriteOnly));
        QVERIFY(marker.setFileTime(QDateTime::fromSecsSinceEpoch(1'700'000'100), QFileDevice::FileModificationTime));
        marker.close();
        QVERIFY(DockerEnvImage::imageName(QStringLiteral("sha256:aa"), env) != first);
    }

    void withoutAnImageTheEnvironmentIsSentAsBefore()
    {
        // No finished environment there (no marker), so no image can be made of it: the
        // container is still made, from the run's own image, and the run is told to send the
        // environment itself.
        QTemporaryDir unfinished(QStringLiteral("/var/tmp/sandpit-env-XXXXXX"));
        DockerContainerKey key
            = DockerContainerKey::from(kOfflinePythonImage, Limits{}, DockerBackend::findSyscallFilter());
        key.environment = unfinished.path();
        const DockerClient engine = dockerClientFor(QProcessEnvironment::systemEnvironment());
        QTest::ignoreMessage(
            QtWarningMsg,
            QRegularExpression(QStringLiteral("^no image of the environment .*copied into the run instead$")));
        auto prepared = DockerContainer::prepare(engine, key);
        QVERIFY2(prepared, prepared ? "" : qPrintable(prepared.error().message));
        QVERIFY(!prepared->environmentInImage);
        auto inspected = engine.call("GET", QStringLiteral("/containers/%1/json").arg(prepared->id));
        DockerContainer::remove(engine, prepared->id);
        QVERIFY(inspected && inspected->ok());
        QCOMPARE(inspected->object().value(QLatin1String("Config")).toObject().value(QLatin1String("Image")).toString(),
                 kOfflinePythonImage);

        RunRequest request = pythonRequest("print('hi')\n");
        QStringList command{QLatin1String(DockerEnvImage::kPathInImage) + QStringLiteral("/bin/python3"),
                            QStringLiteral("-u"), QStringLiteral("main.py")};
        DockerEnvImage::sendInstead(request, command, unfinished.path());
        QCOMPARE(command.first(), QStringLiteral("/work/.sandpit-env/bin/python3"));
        QCOMPARE(request.inputFiles.size(), 1);
        QCOMPARE(request.inputFiles.first().hostPath, unfinished.path());
    }
};

QTEST_GUILESS_MAIN(TestDockerEnvImage)
#include "tst_dockerenvimage.moc"
