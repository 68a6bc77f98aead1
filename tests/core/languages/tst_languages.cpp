// Every built-in language end to end: hello, a compile error, a run-time error, compile bombs,
// input typed at a prompt, and a compiler that is not there. The programs are in
// tests/fixtures/languages/. Built twice: tst_languages runs them in the local sandbox, where
// a language whose toolchain this machine lacks is skipped (and says so); tst_languages_docker
// (SANDPIT_TEST_DOCKER) runs them in Docker with the images build-offline-images.sh makes,
// and skips the languages that have none.
#include "support/runharness.h"

#include "docker/dockerbackend.h"
#include "model/units.h"

#include <QMap>

using namespace SandpitTest;

namespace {
const QMap<QString, QString> kOfflineImages{
    {QStringLiteral("python"), QStringLiteral("sandpit-offline/python:3.11")},
    {QStringLiteral("bash"), QStringLiteral("sandpit-offline/bash:5")},
    {QStringLiteral("c"), QStringLiteral("sandpit-offline/gcc:12")},
    {QStringLiteral("cpp"), QStringLiteral("sandpit-offline/gcc:12")},
    {QStringLiteral("javascript"), QStringLiteral("sandpit-offline/toolchains:12")},
    {QStringLiteral("java"), QStringLiteral("sandpit-offline/toolchains:12")},
    {QStringLiteral("rust"), QStringLiteral("sandpit-offline/toolchains:12")},
};

std::unique_ptr<RunController> controllerFor(const LanguageRegistry &registry, bool imagesFromEnvironment = true)
{
    if (!kDocker)
        return std::make_unique<RunController>(makeBackends(registry, EngineSettings{}));
    DockerBackend::Config config;
    for (auto it = kOfflineImages.begin(); imagesFromEnvironment && it != kOfflineImages.end(); ++it)
        config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_") + it.key().toUpper(), it.value());
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(registry, std::move(config)));
    return std::make_unique<RunController>(std::move(backends));
}

/// The built-in languages with `overlay` laid over them, as a user's languages.json is.
LanguageRegistry builtInWith(const QByteArray &overlay)
{
    QFile file(QStringLiteral(":/sandpit/languages/languages.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no built-in languages");
    auto registry = LanguageRegistry::fromJson(file.readAll(), overlay);
    if (!registry)
        qFatal("%s", qPrintable(registry.error()));
    return *registry;
}
} // namespace

class TestLanguages : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TestLanguages()
        : RunFixture([] { return controllerFor(LanguageRegistry::builtIn()); }, 120000)
    {
    }

private:
    // False (and the test is skipped) when the language cannot run here: no toolchain on this
    // machine, or no offline image for Docker. Where every toolchain must be there
    // (SANDPIT_REQUIRE_TOOLCHAINS, set by scripts/test.sh and so in CI), a missing one fails
    // the test instead: a test skipped in CI would count as one that passed.
    bool haveToolchain(const QString &languageId)
    {
        const bool available = toolchainAvailable(languageId);
        if (!available && qEnvironmentVariableIsSet("SANDPIT_REQUIRE_TOOLCHAINS"))
            qFatal("the toolchain for %s is required here (SANDPIT_REQUIRE_TOOLCHAINS) but missing",
                   qPrintable(languageId));
        return available;
    }

    bool toolchainAvailable(const QString &languageId)
    {
        if (kDocker) {
            if (!kOfflineImages.contains(languageId))
                qInfo("skipped: no offline Docker image for %s", qPrintable(languageId));
            return kOfflineImages.contains(languageId);
        }
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const auto found = findToolchains(*registry.find(languageId), defaultToolchainSearchPath());
        if (!found)
            qInfo("skipped: %s", qPrintable(found.error().message));
        return found.has_value();
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void hello_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("python") << QStringLiteral("python") << QStringLiteral("hello.py")
                                << QByteArray("Hello from Python\n");
        QTest::newRow("c") << QStringLiteral("c") << QStringLiteral("hello.c") << QByteArray("Hello from C\n");
        QTest::newRow("cpp") << QStringLiteral("cpp") << QStringLiteral("hello.cpp") << QByteArray("Hello from C++\n");
        QTest::newRow("javascript") << QStringLiteral("javascript") << QStringLiteral("hello.js")
                                    << QByteArray("Hello from JavaScript\n");
        QTest::newRow("bash") << QStringLiteral("bash") << QStringLiteral("hello.sh")
                              << QByteArray("Hello from Bash\n");
        QTest::newRow("java") << QStringLiteral("java") << QStringLiteral("Hello.java")
                              << QByteArray("Hello from Java\n");
        QTest::newRow("rust") << QStringLiteral("rust") << QStringLiteral("hello.rs")
                              << QByteArray("Hello from Rust\n");
    }

    void hello()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QByteArray, expected);
        if (!haveToolchain(language))
            QSKIP("this machine lacks the toolchain");
        const Outcome o = run(languageRequest(language, file));
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.result->stdoutData, expected);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->language, language);
        QCOMPARE(o.result->backend, kDocker ? QStringLiteral("docker") : QStringLiteral("local"));
        QVERIFY2(o.result->diagnostics.isEmpty(), qPrintable(o.result->diagnostics.value(0).message));
    }

    // Threads, files, a subprocess, clocks, a loopback TCP connection and memory maps in every
    // language: what the seccomp allow-list must leave working.
    void everydaySystemUseWorks_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("expected");
        const QByteArray all = "threads: ok\nfiles: ok\nsubprocess: ok\ntime: ok\nsocket: ok\nmmap: ok\n";
        QTest::newRow("python") << QStringLiteral("python") << QStringLiteral("workout.py") << all;
        QTest::newRow("c") << QStringLiteral("c") << QStringLiteral("workout.c") << all;
        QTest::newRow("cpp") << QStringLiteral("cpp") << QStringLiteral("workout.cpp") << all;
        QTest::newRow("javascript") << QStringLiteral("javascript") << QStringLiteral("workout.js") << all;
        QTest::newRow("bash") << QStringLiteral("bash") << QStringLiteral("workout.sh")
                              << QByteArray("jobs: ok\nfiles: ok\nsubprocess: ok\ntime: ok\nsocket: ok\n");
        QTest::newRow("java") << QStringLiteral("java") << QStringLiteral("Workout.java") << all;
        QTest::newRow("rust") << QStringLiteral("rust") << QStringLiteral("workout.rs")
                              << QByteArray(
                                     "threads: ok\nfiles: ok\nsubprocess: ok\ntime: ok\nsocket: ok\nalloc: ok\n");
    }

    void everydaySystemUseWorks()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QByteArray, expected);
        if (!haveToolchain(language))
            QSKIP("this machine lacks the toolchain");
        RunRequest request = languageRequest(language, file);
        request.limits.memoryBytes = 512LL * 1024 * 1024; // the JVM and V8 reserve generously
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Run);
        QVERIFY2(o.result->stderrData.isEmpty(), o.result->stderrData.constData());
        QCOMPARE(o.result->stdoutData, expected);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->killReason, KillReason::None);
    }

    void compileErrorEndsAtTheCompileStage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::newRow("c") << QStringLiteral("c") << QStringLiteral("compile_error.c") << 5;
        QTest::newRow("cpp") << QStringLiteral("cpp") << QStringLiteral("compile_error.cpp") << 5;
        QTest::newRow("java") << QStringLiteral("java") << QStringLiteral("CompileError.java") << 3;
        QTest::newRow("rust") << QStringLiteral("rust") << QStringLiteral("compile_error.rs") << 2;
    }

    void compileErrorEndsAtTheCompileStage()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(int, line);
        if (!haveToolchain(language))
            QSKIP("this machine lacks the toolchain");
        const Outcome o = run(languageRequest(language, file));
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Compile);
        // Not a kill: the compiler ran, said no, and the program never started.
        QCOMPARE(o.result->killReason, KillReason::None);
        QVERIFY(o.result->exitCode.value_or(0) != 0);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("did not run")), qPrintable(o.result->killDetail));
        QVERIFY2(o.result->stderrData.contains(QStringLiteral("%1:%2").arg(file).arg(line).toUtf8()),
                 o.result->stderrData.constData());
        // The compiler's messages were shown as they came, too.
        QCOMPARE(o.liveStderr, o.result->stderrData);
        QVERIFY2(!o.result->diagnostics.isEmpty(), o.result->stderrData.constData());
        const Diagnostic &first = o.result->diagnostics.first();
        QCOMPARE(first.file, file);
        QCOMPARE(first.line, line);
        QVERIFY(first.column > 0);
        QCOMPARE(first.severity, Diagnostic::Severity::Error);
        QVERIFY(!first.message.isEmpty());
    }

    void runtimeErrorPointsAtItsLine_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("python") << QStringLiteral("python") << QStringLiteral("runtime_error.py") << 2
                                << QStringLiteral("ZeroDivisionError: division by zero");
        QTest::newRow("python syntax") << QStringLiteral("python") << QStringLiteral("compile_error.py") << 2
                                       << QStringLiteral("SyntaxError");
        QTest::newRow("javascript") << QStringLiteral("javascript") << QStringLiteral("runtime_error.js") << 2
                                    << QStringLiteral("TypeError");
        QTest::newRow("javascript syntax")
            << QStringLiteral("javascript") << QStringLiteral("compile_error.js") << 2 << QStringLiteral("SyntaxError");
        QTest::newRow("bash") << QStringLiteral("bash") << QStringLiteral("runtime_error.sh") << 2
                              << QStringLiteral("command not found");
        QTest::newRow("c") << QStringLiteral("c") << QStringLiteral("runtime_error.c") << 5
                           << QStringLiteral("division by zero");
        QTest::newRow("cpp") << QStringLiteral("cpp") << QStringLiteral("runtime_error.cpp") << 7
                             << QStringLiteral("out of bounds");
        QTest::newRow("java") << QStringLiteral("java") << QStringLiteral("RuntimeError.java") << 3
                              << QStringLiteral("ArithmeticException");
        QTest::newRow("rust") << QStringLiteral("rust") << QStringLiteral("runtime_error.rs") << 4
                              << QStringLiteral("index out of bounds");
    }

    void runtimeErrorPointsAtItsLine()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        if (!haveToolchain(language))
            QSKIP("this machine lacks the toolchain");
        const Outcome o = run(languageRequest(language, file));
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Run);
        QVERIFY(o.result->exitCode.value_or(0) != 0);
        QVERIFY2(!o.result->diagnostics.isEmpty(), o.result->stderrData.constData());
        const Diagnostic &first = o.result->diagnostics.first();
        // The sandbox saw /work/<file>; the learner knows it by its own name.
        QCOMPARE(first.file, file);
        QCOMPARE(first.line, line);
        QCOMPARE(first.severity, Diagnostic::Severity::Error);
        QVERIFY2(first.message.contains(message), qPrintable(first.message));
    }

    void compileBombIsStoppedByTheCompileLimits_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("reasonNumber");
        QTest::newRow("#include \"/dev/zero\"") << QStringLiteral("include_dev_zero.c") << int(KillReason::Memory);
        QTest::newRow("2 GB static array") << QStringLiteral("huge_static_array.c") << int(KillReason::FileSize);
    }

    void compileBombIsStoppedByTheCompileLimits()
    {
        QFETCH(QString, file);
        QFETCH(int, reasonNumber);
        const auto reason = KillReason(reasonNumber);
        if (!haveToolchain(QStringLiteral("c")))
            QSKIP("this machine lacks the toolchain");
        // The run's own limits are tiny: the compiler works under the compile step's.
        RunRequest request = languageRequest(QStringLiteral("c"), file);
        request.limits.memoryBytes = 16LL * 1024 * 1024;
        request.limits.fileSizeBytes = 1024 * 1024;
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Compile);
        const bool kernelMemoryLimit = o.result->isolation.details.join(QLatin1Char('\n'))
                                           .contains(QStringLiteral("Memory: enforced by the kernel"));
        if (reason == KillReason::Memory && !kernelMemoryLimit && o.result->killReason == KillReason::None) {
            // Without a memory cgroup (an ordinary user with no delegated subtree) the watch
            // samples every 20 ms, and a doubling allocation can meet the RLIMIT_DATA backstop
            // between two samples: then the compiler itself says it ran out of memory, as the
            // isolation report warns. Either way the bomb is stopped and the user is told why.
            QVERIFY(o.result->exitCode.value_or(0) != 0);
            QVERIFY2(o.result->stderrData.contains("memory"), o.result->stderrData.right(300).constData());
            return;
        }
        QCOMPARE(o.result->killReason, reason);
        QVERIFY2(o.result->killDetail.startsWith(QStringLiteral("The compiler")), qPrintable(o.result->killDetail));
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("compile step's")), qPrintable(o.result->killDetail));
        const Limits compile = defaultCompileLimits();
        QVERIFY2(o.result->killDetail.contains(
                     formatBytes(reason == KillReason::Memory ? compile.memoryBytes : compile.fileSizeBytes)),
                 qPrintable(o.result->killDetail));
    }

    void compileTimeLimitIsTheLanguages()
    {
        if (!haveToolchain(QStringLiteral("cpp")))
            QSKIP("this machine lacks the toolchain");
        const auto controller = controllerFor(
            builtInWith(R"({"languages": [{"id": "cpp", "compile": {"limits": {"timeout_sec": 1.5}}}]})"));
        RunRequest request = languageRequest(QStringLiteral("cpp"), QStringLiteral("slow_compile.cpp"));
        request.limits.wallTimeMs = 60000; // the run's: it plays no part in compiling
        const Outcome o = run(*controller, request);
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Compile);
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("compile step's time limit of 1.5 s")),
                 qPrintable(o.result->killDetail));
    }

    void stopWhileCompiling()
    {
        if (!haveToolchain(QStringLiteral("cpp")))
            QSKIP("this machine lacks the toolchain");
        RunWatcher watcher(*m_controller);
        watcher.outcome.id
            = m_controller->start(languageRequest(QStringLiteral("cpp"), QStringLiteral("slow_compile.cpp")));
        // The cancel reaches the worker after the start, while the compiler works on a file
        // that takes it seconds.
        m_controller->cancel(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 20000);
        QVERIFY2(watcher.outcome.result, why(watcher.outcome));
        QCOMPARE(watcher.outcome.result->stage, RunStage::Compile);
        QCOMPARE(watcher.outcome.result->killReason, KillReason::Cancelled);
    }

    void promptShowsBeforeTheInput_data()
    {
        // A prompt with no newline, then a read: input(), scanf and Node's readline.
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::newRow("python input()") << QStringLiteral("python") << QStringLiteral("prompt_input.py");
        QTest::newRow("c scanf") << QStringLiteral("c") << QStringLiteral("prompt_scanf.c");
        QTest::newRow("javascript readline") << QStringLiteral("javascript") << QStringLiteral("prompt_readline.js");
    }
    void promptShowsBeforeTheInput()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        if (!haveToolchain(language))
            QSKIP("this machine lacks the toolchain");
        RunRequest request = languageRequest(language, file);
        request.keepStdinOpen = true;
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        // printf("Name: ") with no newline, then scanf: through a pipe the C library would
        // keep the prompt in its buffer until the program ended.
        QTRY_COMPARE_WITH_TIMEOUT(watcher.outcome.liveStdout, QByteArray("Name: "), 60000);
        m_controller->writeInput(watcher.outcome.id, "Ada\n");
        m_controller->closeInput(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 20000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->stdoutData, QByteArray("Name: Hello, Ada!\n"));
    }

    void inputTypedWhileCompilingReachesTheProgram()
    {
        if (!haveToolchain(QStringLiteral("c")))
            QSKIP("this machine lacks the toolchain");
        RunRequest request = languageRequest(QStringLiteral("c"), QStringLiteral("prompt_scanf.c"));
        request.keepStdinOpen = true;
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        m_controller->writeInput(watcher.outcome.id, "Grace\n");
        m_controller->closeInput(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 60000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->stage, RunStage::Run);
        QCOMPARE(watcher.outcome.result->stdoutData, QByteArray("Name: Hello, Grace!\n"));
    }

    void missingCompilerIsAnErrorNotACrash()
    {
        if (kDocker) {
            // In Docker the toolchain comes with the image: a missing one is the missing image.
            const auto controller = controllerFor(
                builtInWith(R"({"languages": [{"id": "c", "docker_image": "sandpit-offline/no-such-gcc:0"}]})"),
                /*imagesFromEnvironment=*/false);
            const Outcome o = run(*controller, languageRequest(QStringLiteral("c"), QStringLiteral("hello.c")));
            QVERIFY(!o.result);
            QVERIFY(o.error);
            QCOMPARE(o.error->code, RunError::Code::MissingImage);
            QVERIFY2(o.error->message.contains(QStringLiteral("sandpit-offline/no-such-gcc:0")),
                     qPrintable(o.error->message));
            QVERIFY2(o.error->message.contains(QStringLiteral("docker pull")), qPrintable(o.error->message));
            return;
        }
        const auto controller = controllerFor(
            builtInWith(R"({"languages": [{"id": "c", "compile": {"toolchain": ["sandpit-no-such-cc"]}}]})"));
        const Outcome o = run(*controller, languageRequest(QStringLiteral("c"), QStringLiteral("hello.c")));
        QVERIFY(!o.result);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::MissingToolchain);
        QVERIFY2(o.error->message.contains(QStringLiteral("sandpit-no-such-cc")), qPrintable(o.error->message));
        QVERIFY2(o.error->message.contains(QStringLiteral("sudo apt install gcc")), qPrintable(o.error->message));
    }
};

QTEST_GUILESS_MAIN(TestLanguages)
#include "tst_languages.moc"
