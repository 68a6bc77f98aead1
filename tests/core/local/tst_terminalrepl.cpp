// A Python REPL on a pty inside the sandbox, driven through RunController as the window's
// Terminal tab drives it: what is typed, Ctrl+C, resizes, limits, and the end of input. Built
// twice: for the local sandbox, and (SANDPIT_TEST_DOCKER) for Docker with the offline image.

#include "../../support/runharness.h"

#include "engine/runrequestbuilder.h"
#include "languages/languageregistry.h"
#include "settings/enginesettings.h"

#ifdef SANDPIT_TEST_DOCKER
#include "docker/dockerbackend.h"
#include "docker/dockersandboxbody.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

#include <unistd.h>
#endif

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
constexpr int kTimeoutMs = 30000;
} // namespace

class TstTerminalRepl : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TstTerminalRepl()
        : RunFixture(makePythonController)
    {
    }

private:
    // The REPL as Open REPL (no file) or Run in REPL (with `code`) asks for it, on this test's
    // backend, with a memory limit a bomb reaches quickly.
    RunRequest replRequest(const TerminalSize &size = {100, 30}, const QString &code = {},
                           const QString &language = QStringLiteral("python"),
                           const QString &timeoutSeconds = QStringLiteral("60")) const
    {
        EngineSettings settings;
        settings.backend = kDocker ? kDockerBackendId : kLocalBackendId;
        settings.dockerFallback = false;
        const LanguageRegistry languages = LanguageRegistry::builtIn();
        RunRequestBuilder builder(settings);
        builder.limit(RunRequestBuilder::Limit::MemoryMegabytes, QStringLiteral("memory"), QStringLiteral("128"));
        builder.limit(RunRequestBuilder::Limit::TimeoutSeconds, QStringLiteral("timeout"), timeoutSeconds);
        builder.limit(RunRequestBuilder::Limit::OutputKilobytes, QStringLiteral("output"), QStringLiteral("256"));
        const Language *chosen = languages.find(language);
        builder.repl(chosen, size, chosen->defaultFileName, code);
        const auto request = builder.build();
        if (!request)
            qFatal("no REPL request: %s", qPrintable(request.error().error.message));
        return *request;
    }

    // Starts the REPL and waits for its first prompt.
    void open(RunWatcher &watcher, const RunRequest &request, const QByteArray &prompt = ">>> ")
    {
        watcher.outcome.id = m_controller->start(request);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains(prompt) || watcher.done(), kTimeoutMs);
        QVERIFY2(!watcher.done(), why(watcher.outcome).constData());
    }

    // Types `line` and Enter, and waits until the output holds `expected`.
    void typeAndSee(RunWatcher &watcher, const QByteArray &line, const QByteArray &expected)
    {
        m_controller->writeInput(watcher.outcome.id, line + '\r');
        QTRY_VERIFY2_WITH_TIMEOUT(watcher.outcome.liveStdout.contains(expected) || watcher.done(),
                                  watcher.outcome.liveStdout.right(400).constData(), kTimeoutMs);
        QVERIFY2(!watcher.done(), why(watcher.outcome).constData());
    }

    void endWith(RunWatcher &watcher, KillReason reason)
    {
        QTRY_VERIFY2_WITH_TIMEOUT(watcher.done(), watcher.outcome.liveStdout.right(400).constData(), kTimeoutMs);
        QVERIFY2(watcher.outcome.result, why(watcher.outcome).constData());
        QCOMPARE(watcher.outcome.result->killReason, reason);
    }

private Q_SLOTS:
    void initTestCase() { startEngine(); }
    void cleanupTestCase() { stopEngine(); }

    // Names stay between lines; exit() ends the REPL as a program that ended by itself.
    void typedLinesShareTheirNames()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest(TerminalSize{100, 30}, QString()));
        typeAndSee(watcher, "x = 2 + 3", "x = 2 + 3");
        typeAndSee(watcher, "print(x * 2)", "10\r\n");
        m_controller->writeInput(watcher.outcome.id, "exit()\r");
        endWith(watcher, KillReason::None);
        QCOMPARE(watcher.outcome.result->exitCode, 0);
    }

    // Run in REPL: the file's names are there at the prompt.
    void aFileRunIntoTheReplLeavesItsNames()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest({80, 24}, QString::fromUtf8(fixture(QStringLiteral("pty/names_for_the_repl.py")))));
        typeAndSee(watcher, "print(greeting.upper(), twice(21))", "HELLO FROM THE FILE 42\r\n");
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
    }

    // The program sees the size asked for, and after a resize SIGWINCH and the new size.
    void theTerminalHasTheWindowsSize()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest({100, 30}));
        typeAndSee(watcher, "import os, signal", "import os, signal");
        typeAndSee(watcher, "print(os.get_terminal_size())", "os.terminal_size(columns=100, lines=30)");
        typeAndSee(watcher,
                   "signal.signal(signal.SIGWINCH, lambda *a: print('resized to', tuple(os.get_terminal_size())))",
                   "<Handlers.SIG_DFL: 0>");
        m_controller->resizeTerminal(watcher.outcome.id, {132, 43});
        QTRY_VERIFY2_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("resized to (132, 43)"),
                                  watcher.outcome.liveStdout.right(400).constData(), kTimeoutMs);
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
    }

    // The REPL has the language's variables, as a run has: a plot shown at the prompt goes
    // to Sandpit's backend, not to a window the sandbox has no display for.
    void theReplHasTheLanguagesVariables()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        typeAndSee(watcher, "import os; print('backend', os.environ.get('MPLBACKEND'))",
                   "backend module://sandpit_matplotlib\r\n");
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
    }

    // Ctrl+C interrupts the endless loop, not the sandbox: the next line still runs.
    void ctrlCInterruptsTheProgramNotTheRun()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        // One line, so that the loop is running (its first output seen) before Ctrl+C is
        // typed: typed while Python still edits the line, it would interrupt the editing.
        typeAndSee(watcher, "print('spin' * 2); exec('while True: pass')", "spinspin");
        m_controller->writeInput(watcher.outcome.id, QByteArray(1, '\x03'));
        QTRY_VERIFY2_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("KeyboardInterrupt"),
                                  watcher.outcome.liveStdout.right(400).constData(), kTimeoutMs);
        typeAndSee(watcher, "print(6 * 7)", "42\r\n");
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
        QCOMPARE(watcher.outcome.result->exitCode, 0);
    }

    // A memory bomb typed at the prompt ends the REPL with the reason a run would have.
    void aMemoryBombEndsTheReplWithMemory()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        m_controller->writeInput(watcher.outcome.id, "b = [bytearray(1 << 20) for _ in range(10 ** 5)]\r");
        endWith(watcher, KillReason::Memory);
    }

    // The end of input is the terminal's end-of-file: Python leaves as after Ctrl+D.
    void theEndOfInputEndsTheRepl()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
        QCOMPARE(watcher.outcome.result->exitCode, 0);
    }

#ifndef SANDPIT_TEST_DOCKER
    // A REPL waits at its prompt (in select, not read) as long as the learner takes: that is
    // waiting for input, which the time limit does not count. A sleep typed at it does count.
    void waitingAtThePromptIsNotTimed()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest({80, 24}, {}, QStringLiteral("python"), QStringLiteral("1")));
        typeAndSee(watcher, "import time", "import time");
        // Longer than the REPL's limit, with the REPL at its prompt all along: another run's
        // program sleeps for the test, which never does.
        const Outcome other = run(pythonRequest("import time\ntime.sleep(1.5)\n"));
        QVERIFY2(other.result, why(other).constData());
        typeAndSee(watcher, "print(6 * 7)", "42\r\n");
        m_controller->writeInput(watcher.outcome.id, "time.sleep(30)\r");
        endWith(watcher, KillReason::Timeout);
        QVERIFY2(watcher.outcome.result->inputWaitMs >= 1000,
                 qPrintable(QString::number(watcher.outcome.result->inputWaitMs)));
    }

#endif

    // Output through the terminal is held to the output limit, as a pipe's is.
    void aFloodEndsAtTheOutputLimit()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        m_controller->writeInput(watcher.outcome.id, "while True: print('y' * 1000)\r\r");
        endWith(watcher, KillReason::OutputLimit);
        QVERIFY(watcher.outcome.result->stdoutTruncated);
        QCOMPARE(watcher.outcome.result->stdoutData.size(), 256 * 1024);
    }

#ifndef SANDPIT_TEST_DOCKER
    // Node and Bash: a file run into the REPL leaves its names (let and const included).
    void nodeAndBashKeepTheFilesNames_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QByteArray>("prompt");
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("node") << QStringLiteral("javascript")
                              << QStringLiteral("let greeting = 'hi';\nconst twice = (n) => 2 * n;\n")
                              << QByteArray("> ") << QByteArray("console.log(greeting.toUpperCase() + ' ' + twice(21))")
                              << QByteArray("HI 42\r\n");
        QTest::newRow("bash") << QStringLiteral("bash")
                              << QStringLiteral("greeting=hi\ntwice() { echo $(( 2 * $1 )); }\nPS1='$ '\n")
                              << QByteArray("$ ") << QByteArray("echo ${greeting^^} $(twice 21)")
                              << QByteArray("HI 42\r\n");
    }

    void nodeAndBashKeepTheFilesNames()
    {
        QFETCH(QString, language);
        QFETCH(QString, code);
        QFETCH(QByteArray, prompt);
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, expected);
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest({80, 24}, code, language), prompt);
        typeAndSee(watcher, line, expected);
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
    }

#endif

    // The pty is the sandbox's own: the only one in a /dev/pts of its own.
    void theTerminalIsTheSandboxsOwn()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        typeAndSee(watcher, "import os", "import os");
        typeAndSee(watcher, "print('tty', os.ttyname(0), sorted(os.listdir('/dev/pts')), os.isatty(1))",
                   "tty /dev/pts/0 ['0', 'ptmx'] True\r\n");
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
    }

#ifdef SANDPIT_TEST_DOCKER
    // Docker cannot tell the REPL at its prompt from the REPL at work, so it has no wall
    // clock at all: past its 1 s timeout it still answers. (The program sleeps, not the test.)
    void aDockerReplHasNoWallClock()
    {
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest({80, 24}, {}, QStringLiteral("python"), QStringLiteral("1")));
        typeAndSee(watcher, "import time; time.sleep(2); print('still', 6 * 7)", "still 42\r\n");
        m_controller->closeInput(watcher.outcome.id);
        endWith(watcher, KillReason::None);
        QCOMPARE(watcher.outcome.result->backend, QStringLiteral("docker"));
        // The report of a Docker run: no network among the protections it names.
        QVERIFY2(watcher.outcome.result->isolation.level != IsolationReport::Level::None,
                 qPrintable(watcher.outcome.result->isolation.details.join(QLatin1Char('\n'))));
        QVERIFY(watcher.outcome.result->isolation.details.join(QLatin1Char(' ')).contains(QLatin1String("network")));
    }

    // The run's CPU-time limit is the REPL's (the container's rlimit): an endless loop typed
    // at the prompt ends it with CpuTime and a sentence.
    void aLoopEndsTheReplAtItsCpuTime()
    {
        RunWatcher watcher(*m_controller);
        RunRequest request = replRequest();
        request.limits.cpuTimeMs = 1000;
        open(watcher, request);
        m_controller->writeInput(watcher.outcome.id, "while True: pass\r\r");
        endWith(watcher, KillReason::CpuTime);
        QVERIFY(!watcher.outcome.result->killDetail.isEmpty());
    }

    // An engine that does not share this disk cannot be given the REPL's control folder: the
    // request is refused with a sentence, not run weaker.
    void aRemoteEngineIsRefusedWithASentence()
    {
        DockerBackend::Config config;
        config.environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
        DockerBackend backend(LanguageRegistry::builtIn(), std::move(config));
        const auto job = backend.createJob(replRequest());
        QVERIFY(!job);
        QCOMPARE(job.error().code, RunError::Code::BadRequest);
        QVERIFY2(job.error().message.contains(QLatin1String("shares this computer's disk")),
                 qPrintable(job.error().message));
    }

    // The REPL's container is there while it runs, is not one of the user's named sandboxes,
    // and is gone when the REPL ends by itself or is cancelled.
    void noContainerIsLeftBehind_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::newRow("exit()") << false;
        QTest::newRow("cancelled") << true;
    }

    void noContainerIsLeftBehind()
    {
        QFETCH(bool, cancel);
        QCOMPARE(replContainers(), 0);
        RunWatcher watcher(*m_controller);
        open(watcher, replRequest());
        QCOMPARE(replContainers(), 1);
        // Not by the list being empty: other tests make named sandboxes on this daemon as this
        // one runs.
        QCOMPARE(replContainers(DockerSandboxLabels::kName), 0);
        if (cancel) {
            typeAndSee(watcher, "print('spin' * 2); exec('while True: pass')", "spinspin");
            m_controller->cancel(watcher.outcome.id);
        } else {
            m_controller->writeInput(watcher.outcome.id, "exit()\r");
        }
        endWith(watcher, cancel ? KillReason::Cancelled : KillReason::None);
        QCOMPARE(replContainers(), 0);
    }

private:
    // This test's REPL containers, as the daemon lists them: its own (the owner label) and
    // held up by the hold shell, which a warm run's container is not. With `label`, only those
    // that also carry it.
    int replContainers(const char *label = nullptr) const
    {
        const QByteArray filters
            = QJsonDocument(QJsonObject{{QStringLiteral("label"),
                                         QJsonArray{QStringLiteral("org.sandpit.owner=%1").arg(::getpid())}}})
                  .toJson(QJsonDocument::Compact);
        const auto client = m_connector->client();
        if (!client)
            return -1;
        const auto response
            = client->call("GET",
                           QStringLiteral("/containers/json?all=1&filters=")
                               + QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(filters))));
        if (!response || !response->ok())
            return -1;
        int count = 0;
        for (const QJsonValue &entry : QJsonDocument::fromJson(response->body).array()) {
            const QJsonObject container = entry.toObject();
            count += container.value(QLatin1String("Command")).toString().contains(QLatin1String("while :"))
                && (!label || container.value(QLatin1String("Labels")).toObject().contains(QLatin1String(label)));
        }
        return count;
    }

    std::shared_ptr<DockerConnector> m_connector = std::make_shared<DockerConnector>(
        qEnvironmentVariable("DOCKER_HOST"), QProcessEnvironment::systemEnvironment());
#endif
};

QTEST_GUILESS_MAIN(TstTerminalRepl)
#include "tst_terminalrepl.moc"
