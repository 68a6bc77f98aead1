// Sandpit on a Docker engine that shares no disk with it: the daemon scripts/start-tls-dockerd.sh
// starts, reached over TCP with mutual TLS, in a mount namespace whose /tmp is its own. Every
// folder of a run here lives in this computer's /tmp, which does not exist for that daemon: a run
// that passes cannot have relied on a bind mount, and its files went through the archive API.

#include "docker/dockercheck.h"
#include "support/checkharness.h"
#include "support/dockerharness.h"
#include "support/dockerproxy.h"
#include "support/tlsengine.h"

#include <QCoreApplication>
#include <QDir>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestDockerRemote : public QObject
{
    Q_OBJECT

    QProcessEnvironment m_environment;
    std::unique_ptr<RunController> m_controller;
    QTemporaryDir m_unpackRoot;
    Course m_course;

    DockerClient client() const { return dockerClientFor(m_environment); }

    /// The TLS engine's environment with `ca`, `cert` and `key` in a certificate folder of
    /// their own: an empty name leaves that file out.
    QProcessEnvironment withCertificates(const QTemporaryDir &folder, const QString &ca, const QString &cert,
                                         const QString &key) const
    {
        const QString real = m_environment.value(QStringLiteral("DOCKER_CERT_PATH"));
        const QList<std::pair<QString, QString>> files{
            {ca, QStringLiteral("ca.pem")}, {cert, QStringLiteral("cert.pem")}, {key, QStringLiteral("key.pem")}};
        for (const auto &[from, name] : files) {
            if (!from.isEmpty())
                QFile::copy(from.startsWith(QLatin1Char('/')) ? from : real + QLatin1Char('/') + from,
                            folder.filePath(name));
        }
        QProcessEnvironment environment = m_environment;
        environment.insert(QStringLiteral("DOCKER_CERT_PATH"), folder.path());
        return environment;
    }

    const Exercise &exercise(const QString &id) const
    {
        const Exercise *found = m_course.exercise(id);
        if (!found)
            qFatal("no exercise %s in the bundled course", qPrintable(id));
        return *found;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<TestOutcome>();
        qRegisterMetaType<CheckReport>();
        qRegisterMetaType<RunError>();
        auto environment = tlsEngineEnvironment();
        QVERIFY2(environment,
                 qPrintable(QStringLiteral("No TLS engine: %1 is missing. Start it with sudo "
                                           "scripts/start-tls-dockerd.sh.")
                                .arg(tlsEngineEnvFile())));
        m_environment = *environment;
        m_environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_C"), QStringLiteral("sandpit-offline/gcc:12"));
        m_controller = dockerController(m_environment);
        PackLoader loader(m_unpackRoot.path());
        loader.setLanguages(LanguageRegistry::builtIn());
        auto course = loader.load(QStringLiteral(SANDPIT_SOURCE_DIR "/resources/exercises/intro"));
        QVERIFY2(course, course ? "" : qPrintable(course.error().toString()));
        m_course = std::move(*course);
    }

    void typedLinesAreAnsweredOneByOne()
    {
        RunRequest request
            = pythonRequest("import sys\nfor line in sys.stdin:\n    print('echo:', line.strip())\nprint('eof')\n");
        request.keepStdinOpen = true;
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        m_controller->writeInput(watcher.outcome.id, "one\n");
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("echo: one\n"), 30000);
        QVERIFY(!watcher.done());
        m_controller->writeInput(watcher.outcome.id, "two\n");
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("echo: two\n"), 10000);
        m_controller->closeInput(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 10000);
        QVERIFY2(watcher.outcome.result, why(watcher.outcome));
        QCOMPARE(watcher.outcome.result->stdoutData, QByteArray("echo: one\necho: two\neof\n"));
    }

    void aCompiledCProgramRunsAndReadsItsInput()
    {
        // Compiled in the engine's container, its input sent through attach: no pipe of ours.
        RunRequest request = languageRequest(QStringLiteral("c"), QStringLiteral("prompt_scanf.c"));
        request.stdinData = "Ada\n";
        const Outcome o = runToEnd(*m_controller, request, 60000);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stdoutData, QByteArray("Name: Hello, Ada!\n"));
        QCOMPARE(o.result->exitCode, 0);
    }

    void artifactsComeBack()
    {
        QTemporaryDir parent;
        auto store = std::make_shared<ArtifactStore>(parent.path());
        RunRequest request = pythonRequest(fixture(QStringLiteral("writes_artifacts.py")));
        request.keepArtifacts = ArtifactStore::reserve(store);
        const Outcome o = runToEnd(*m_controller, request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->artifacts.size(), 2);
        QFile csv(o.result->artifactsDir + QStringLiteral("/output/data.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll(), QByteArray("x,y\n1,2\n"));
        QVERIFY(QFileInfo::exists(o.result->artifactsDir + QStringLiteral("/output/sub/notes.txt")));
    }

    void noFolderOfThisComputerIsMounted()
    {
        RunRequest request = pythonRequest("input()\nprint('done')\n");
        request.keepStdinOpen = true;
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        const DockerClient engine = client();
        const qint64 us = QCoreApplication::applicationPid();
        QTRY_VERIFY_WITH_TIMEOUT(!containersOwnedBy(us, engine).isEmpty(), 30000);
        for (const QJsonObject &listed : containersOwnedBy(us, engine)) {
            const QString id = listed.value(QLatin1String("Id")).toString();
            auto inspect = engine.call("GET", QStringLiteral("/containers/%1/json").arg(id));
            // An earlier run's warm container, discarded as this run's key differs, may be
            // removed between the listing and this look at it.
            if (inspect && inspect->status == 404)
                continue;
            QVERIFY(inspect && inspect->ok());
            const QJsonObject host = inspect->object().value(QLatin1String("HostConfig")).toObject();
            QVERIFY2(host.value(QLatin1String("Binds")).toArray().isEmpty(), inspect->body.constData());
            QJsonArray mounts = host.value(QLatin1String("Mounts")).toArray();
            for (const QJsonValue &mount : inspect->object().value(QLatin1String("Mounts")).toArray())
                mounts.append(mount);
            QVERIFY(!mounts.isEmpty()); // /work, a tmpfs volume
            for (const QJsonValue &mount : std::as_const(mounts))
                QVERIFY2(mount.toObject().value(QLatin1String("Type")).toString() != QLatin1String("bind"),
                         QJsonDocument(mount.toObject()).toJson().constData());
        }
        m_controller->writeInput(watcher.outcome.id, "\n");
        m_controller->closeInput(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
        QVERIFY2(watcher.outcome.result, why(watcher.outcome));
        QCOMPARE(watcher.outcome.result->stdoutData, QByteArray("done\n"));
    }

    void aCheckOfTheBundledCourse_data()
    {
        QTest::addColumn<QString>("exerciseId");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("verdicts");
        const QString passed = QStringLiteral("passed");
        // Input files go in and expected output files come out, through the archive API.
        QTest::newRow("expected files, solution")
            << QStringLiteral("07-grades-file-py") << QStringLiteral("python") << QStringLiteral("solution/grades.py")
            << QStringList{passed, passed, passed};
        QTest::newRow("expected files, wrong")
            << QStringLiteral("07-grades-file-py") << QStringLiteral("python") << QStringLiteral("wrong/ten_fails.py")
            << QStringList{passed, QStringLiteral("wrong-answer"), passed};
        QTest::newRow("checker program") << QStringLiteral("05-pair-sum-py") << QStringLiteral("python")
                                         << QStringLiteral("solution/pairs.py")
                                         << QStringList{passed, passed, passed, passed};
        QTest::newRow("compiled C with an input file")
            << QStringLiteral("07-sum-file-c") << QStringLiteral("c") << QStringLiteral("solution/total.c")
            << QStringList{passed, passed};
    }
    void aCheckOfTheBundledCourse()
    {
        QFETCH(QString, exerciseId);
        QFETCH(QString, language);
        QFETCH(QString, program);
        QFETCH(QStringList, verdicts);
        DockerBackend::Config config;
        config.environment = m_environment;
        config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kOfflinePythonImage);
        std::vector<std::unique_ptr<Backend>> backends;
        backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
        CheckController controller(std::move(backends));
        CheckRequest request;
        request.exercise = exercise(exerciseId);
        request.languageId = language;
        request.learnerFile = request.exercise.folder + QLatin1Char('/') + program;
        QVERIFY2(QFileInfo::exists(request.learnerFile), qPrintable(request.learnerFile));
        const CheckOutcome o = checkToEnd(controller, request);
        QVERIFY2(o.report, o.error ? qPrintable(o.error->message) : "no report");
        QCOMPARE(o.report->backend, QStringLiteral("docker"));
        QCOMPARE(o.verdicts(), verdicts);
    }

    void tlsMistakesAreSaid_data()
    {
        QTest::addColumn<QString>("ca");
        QTest::addColumn<QString>("cert");
        QTest::addColumn<bool>("tls");
        QTest::addColumn<QString>("said"); // %1: the certificate folder
        QTest::addColumn<bool>("namesEndpoint");
        const QString ca = QStringLiteral("ca.pem");
        const QString cert = QStringLiteral("cert.pem");
        QTest::newRow("wrong CA") << fixturesDir() + QStringLiteral("/remote/unrelated-ca.pem") << cert << true
                                  << QStringLiteral("showed a certificate that %1/ca.pem does not vouch for") << true;
        QTest::newRow("missing client certificate")
            << ca << QString() << true
            << QStringLiteral("Docker over TLS needs its certificates, but %1/cert.pem does not exist") << false;
        QTest::newRow("plain HTTP to the TLS port")
            << ca << cert << false << QStringLiteral("speaks TLS only, but Sandpit spoke plain HTTP to it") << true;
    }
    void tlsMistakesAreSaid()
    {
        QFETCH(QString, ca);
        QFETCH(QString, cert);
        QFETCH(bool, tls);
        QFETCH(QString, said);
        QFETCH(bool, namesEndpoint);
        QTemporaryDir folder;
        QProcessEnvironment environment = withCertificates(folder, ca, cert, QStringLiteral("key.pem"));
        if (!tls)
            environment.remove(QStringLiteral("DOCKER_TLS_VERIFY"));
        const QString expected = said.contains(QLatin1String("%1")) ? said.arg(folder.path()) : said;
        const QString endpoint = m_environment.value(QStringLiteral("DOCKER_HOST"));
        // The way a run meets it: the run fails with the message, as the window shows it.
        auto controller = dockerController(environment);
        const Outcome o = runToEnd(*controller, pythonRequest("print('never')\n"));
        QVERIFY(!o.result);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::BackendUnavailable);
        QVERIFY2(o.error->message.contains(expected), qPrintable(o.error->message));
        QCOMPARE(o.error->message.contains(endpoint), namesEndpoint);
        // And the doctor says the same.
        const DockerCheck check = checkDocker(endpoint, {}, environment);
        QVERIFY(!check.permitted);
        QVERIFY2(check.problem.contains(expected), qPrintable(check.problem));
    }

    void tlsToAPlainHttpDaemonIsSaid()
    {
        // The local daemon, reached over plain TCP through a proxy: a TLS handshake gets HTTP back.
        DockerProxy proxy(DockerProxy::Listen::Tcp);
        QProcessEnvironment environment = m_environment;
        environment.insert(QStringLiteral("DOCKER_HOST"), proxy.dockerHost());
        auto endpoint = DockerEndpoint::fromDockerHost(proxy.dockerHost(), environment);
        QVERIFY(endpoint);
        QVERIFY(endpoint->baseUrl.startsWith(QLatin1String("https://")));
        const auto connected = DockerClient::connect(*endpoint);
        QVERIFY(!connected);
        QCOMPARE(connected.error().code, RunError::Code::BackendUnavailable);
        const QString message = connected.error().message;
        QVERIFY2(
            message.startsWith(
                QStringLiteral("No TLS connection could be made to the Docker daemon at %1").arg(proxy.dockerHost())),
            qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("If the daemon speaks plain HTTP there (usually port 2375), unset "
                                                 "DOCKER_TLS_VERIFY and DOCKER_TLS")),
                 qPrintable(message));
    }

    void theDoctorNamesTheEndpointAndSaysTls()
    {
        const QList<DockerImageCheck> images{{QStringLiteral("sandpit-offline/gcc:12"), {QStringLiteral("c")}}};
        const DockerCheck check
            = checkDocker(m_environment.value(QStringLiteral("DOCKER_HOST")), images, m_environment);
        QVERIFY2(check.permitted, qPrintable(check.problem));
        QCOMPARE(check.endpoint,
                 QStringLiteral("%1 over TLS, its certificate checked against %2/ca.pem")
                     .arg(m_environment.value(QStringLiteral("DOCKER_HOST")),
                          m_environment.value(QStringLiteral("DOCKER_CERT_PATH"))));
        QVERIFY(check.images.first().present);
    }
};

QTEST_GUILESS_MAIN(TestDockerRemote)
#include "tst_dockerremote.moc"
