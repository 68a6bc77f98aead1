// The local backend end to end: real helper, real Python, through the RunController.
#include "support/backendchecks.h"

#include "files/runfolders.h"

#include <QFileInfo>
#include <QScopeGuard>
#include <QTemporaryDir>

#include <unistd.h>

using namespace SandpitTest;

class TestLocalBackend : public QObject, private RunFixture
{
    Q_OBJECT

private:
    /// A local backend whose helper runs on a host that refuses user namespaces as Docker's
    /// seccomp profile does; its wrapper script is made in `dir`.
    static std::vector<std::unique_ptr<Backend>> noUsernsBackend(const QTemporaryDir &dir)
    {
        const QString wrapper = dir.filePath(QStringLiteral("no-userns-helper"));
        QFile script(wrapper);
        const QString host = QCoreApplication::applicationDirPath() + QStringLiteral("/hosts/no_userns");
        if (!script.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(wrapper));
        script.write("#!/bin/sh\nexec " + host.toUtf8() + " " + LocalBackend::findHelper().toUtf8() + " \"$@\"\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        std::vector<std::unique_ptr<Backend>> backends;
        backends.push_back(
            std::make_unique<LocalBackend>(LanguageRegistry::builtIn(), LocalBackend::Config{wrapper, {}}));
        return backends;
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void hello()
    {
        checkHello(*m_controller, QStringLiteral("local"), [](const RunResult &result) {
            QVERIFY(result.peakMemoryBytes > 1024 * 1024); // a Python interpreter is megabytes
            QVERIFY(!result.isolation.details.isEmpty());
        });
    }

    void stderrAndExitCode() { checkStderrAndExitCode(*m_controller); }

    void timeoutKillsTheWholeTree()
    {
        const QString token = uniqueToken();
        checkWallTimeLimit(*m_controller, pythonRequest(fixture(QStringLiteral("fork_sleeper.py")), {token}),
                           "parent and child sleeping\n");
        QVERIFY2(!processWithTokenExists(token), "a forked child outlived the timeout");
    }

    void cancelKillsTheWholeTree()
    {
        const QString token = uniqueToken();
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(pythonRequest(fixture(QStringLiteral("fork_sleeper.py")), {token}));
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("sleeping"), 20000);
        QVERIFY(processWithTokenExists(token));
        m_controller->cancel(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 10000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->killReason, KillReason::Cancelled);
        QVERIFY(watcher.outcome.result->wallMs < 5000);
        QVERIFY2(!processWithTokenExists(token), "a process outlived Stop");
    }

    void setsidDaemonDoesNotOutliveTheRun()
    {
        const QString token = uniqueToken();
        const Outcome o = run(pythonRequest(fixture(QStringLiteral("setsid_daemon.py")), {token}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->killReason, KillReason::None);
        QVERIFY2(!processWithTokenExists(token), "a setsid daemon outlived the run");
    }

    void outputLimit() { checkOutputLimit(*m_controller); }

    void outputWrittenJustBeforeTheEndArrivesWhole()
    {
        // The result is taken as soon as the helper says its report is in place, before the
        // helper exits: what the program wrote last must not be lost on the way.
        const Outcome o = run(pythonRequest(fixture(QStringLiteral("final_burst.py"))));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->stdoutData.size(), 20000 * 11);
        QCOMPARE(o.result->stderrData.size(), 10000 * 11);
        QVERIFY(o.result->stdoutData.endsWith("out 019999\n"));
        QVERIFY(o.result->stderrData.endsWith("err 009999\n"));
        QCOMPARE(o.liveStdout.size(), 20000 * 11);
        QCOMPARE(o.liveStderr.size(), 10000 * 11);
    }

    void resultDoesNotWaitForTheHelperToExit()
    {
        // Once the helper's report is in place, the run is over for the learner; what the
        // helper does after (waiting for the namespaces to go, removing the cgroup) must not
        // hold the result back. A stand-in helper that lingers shows it.
        const QString token = uniqueToken();
        qputenv("LINGER_TOKEN", token.toUtf8());
        qputenv("SANDPIT_HELPER", (fixturesDir() + QStringLiteral("/lingering_helper.sh")).toUtf8());
        const auto restore = qScopeGuard([token] {
            qunsetenv("SANDPIT_HELPER");
            killProcessesWithToken(token);
        });
        auto controller = makeController();
        RunWatcher watcher(*controller);
        watcher.outcome.id = controller->start(pythonRequest(fixture(QStringLiteral("hello.py"))));
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
        const Outcome &o = watcher.outcome;
        QVERIFY2(o.result, why(o));
        QVERIFY2(processWithTokenExists(token), "the result came only after the helper had exited");
        QCOMPARE(o.result->stdoutData.size(), 3000 * 12);
        QVERIFY(o.result->stdoutData.endsWith("line 003000\n"));
        QCOMPARE(o.liveStdout, o.result->stdoutData);
    }

    void filesAreListedWhileTheProgramRuns()
    {
        // The program's output folder is private to its sandbox until the run ends; init
        // lists it for the window meanwhile, with what the collector would skip left out.
        checkFilesListedWhileRunning(*m_controller);
    }

    void outputCanStayOutOfTheResult()
    {
        RunRequest request = pythonRequest(fixture(QStringLiteral("flood_stdout.py")));
        request.limits.outputBytes = 64 * 1024;
        request.keepOutputInResult = false;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::OutputLimit);
        QVERIFY(o.result->stdoutData.isEmpty());
        QVERIFY(o.result->stdoutTruncated);
        QCOMPARE(o.liveStdout.size(), 64 * 1024);
    }

    void stdinIsFed() { checkStdinGivenUpFront(*m_controller); }

    void interactiveStdin()
    {
        RunRequest request = pythonRequest("name = input('name? ')\nprint('hi', name)\n");
        request.keepStdinOpen = true;
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("name? "), 20000);
        m_controller->writeInput(watcher.outcome.id, "Ada\n");
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 20000);
        QCOMPARE(watcher.outcome.result->stdoutData, QByteArray("name? hi Ada\n"));
    }

    void cpuTimeLimit()
    {
        // Some CPU time is reported; not "about a second": the kernel's limit counts time the
        // hypervisor stole from this VM, which getrusage leaves out, so a loaded host can
        // report much less.
        checkCpuTimeLimit(*m_controller, 1);
    }

    void memoryIsEnforcedByTheKernelWhereACgroupIsOurs()
    {
        // Where a cgroup can be had (root, or a subtree delegated to this user) the kernel holds
        // the limit and the report says so; elsewhere init's watch does, and the report says
        // that instead. Either way a program that keeps allocating ends as "memory".
        const QString own = [] {
            QFile file(QStringLiteral("/proc/self/cgroup"));
            if (!file.open(QIODevice::ReadOnly))
                return QString();
            for (const QByteArray &line : file.readAll().split('\n')) {
                const QList<QByteArray> parts = line.split(':');
                if (parts.size() == 3 && parts.at(1).split(',').contains("memory"))
                    return QStringLiteral("/sys/fs/cgroup/memory") + QString::fromUtf8(parts.at(2));
                if (parts.size() == 3 && parts.at(0) == "0" && parts.at(1).isEmpty())
                    return QStringLiteral("/sys/fs/cgroup")
                        + QString::fromUtf8(parts.at(2)).section(QLatin1Char('/'), 0, -2);
            }
            return QString();
        }();
        const bool delegated = !own.isEmpty() && QFileInfo(own).ownerId() == geteuid() && QFileInfo(own).isWritable();
        RunRequest request = pythonRequest("x = []\nwhile True:\n    x.append(bytearray(8 << 20))\n");
        request.limits.memoryBytes = 64LL << 20;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Memory);
        const QString report = o.result->isolation.details.join(QLatin1Char('\n'));
        if (geteuid() == 0)
            QVERIFY2(report.contains(QStringLiteral("Memory: enforced by the kernel (cgroup v")), qPrintable(report));
        else if (delegated)
            QVERIFY2(report.contains(QStringLiteral(", delegated, 64 MB")), qPrintable(report));
        else
            QVERIFY2(report.contains(QStringLiteral("Memory: no cgroup")), qPrintable(report));
    }

    void signalIsNamed()
    {
        const Outcome o = run(pythonRequest(fixture(QStringLiteral("segfault.py"))));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Signal);
        QCOMPARE(o.result->signal, 11);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("SIGSEGV")));
    }

    void invalidUtf8AndNulPassThrough()
    {
        const Outcome o = run(pythonRequest(fixture(QStringLiteral("invalid_output.py"))));
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray("bad \xff\xfe bytes, a NUL \x00 here\n", 27));
    }

    void artifactsAreListed()
    {
        const Outcome o = run(pythonRequest(fixture(QStringLiteral("writes_artifacts.py"))));
        QVERIFY(o.result);
        QCOMPARE(o.result->artifacts.size(), 2);
        QCOMPARE(o.result->artifacts.at(0).path, QStringLiteral("data.csv"));
        QCOMPARE(o.result->artifacts.at(0).size, 8);
        QCOMPARE(o.result->artifacts.at(0).mimeType, QStringLiteral("text/csv"));
        QCOMPARE(o.result->artifacts.at(1).path, QStringLiteral("sub/notes.txt"));
    }

    void filesBesideTheProgramAreKeptAndMarked() { checkFilesBesideTheProgramAreKept(*m_controller); }

    void artifactsLeftInTheSandboxAreReported()
    {
        const Outcome o = run(pythonRequest("import os\nos.makedirs('output', exist_ok=True)\n"
                                            "for i in range(1100):\n    open(f'output/f{i}.txt', 'w').write('x')\n"));
        QVERIFY(o.result);
        QCOMPARE(o.result->artifacts.size(), 1000);
        QVERIFY(o.result->artifactsLeftBehind);

        const Outcome few = run(pythonRequest(fixture(QStringLiteral("writes_artifacts.py"))));
        QVERIFY(few.result);
        QVERIFY(!few.result->artifactsLeftBehind);
    }

    void workspaceIsRemoved()
    {
        const QString token = uniqueToken();
        const Outcome o = run(pythonRequest("import os, sys\nos.makedirs('output', exist_ok=True)\n"
                                            "open('output/' + sys.argv[1], 'w').write('x')\nprint(os.getcwd())",
                                            {token}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->artifacts.size(), 1);
        QCOMPARE(o.result->artifacts.at(0).path, token);
        // The host copy of the workspace (where the artifact was copied out to) is gone.
        QTRY_VERIFY_WITH_TIMEOUT(
            !QDirIterator(RunFolders::candidates().constFirst(), {token}, QDir::Files, QDirIterator::Subdirectories)
                 .hasNext(),
            5000);
    }

    void inputFilesAreCopied()
    {
        QTemporaryDir dir;
        QFile data(dir.filePath(QStringLiteral("data.txt")));
        QVERIFY(data.open(QIODevice::WriteOnly));
        data.write("42\n");
        data.close();
        RunRequest request = pythonRequest("print(open('data.txt').read().strip())");
        request.inputFiles = {{data.fileName(), {}}};
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray("42\n"));

        request.inputFiles = {{dir.filePath(QStringLiteral("missing.csv")), {}}};
        const Outcome missing = run(request);
        QVERIFY(missing.error);
        QCOMPARE(missing.error->code, RunError::Code::MissingInputFile);
        QVERIFY(missing.error->message.contains(QStringLiteral("missing.csv")));
    }

    void couldNotRunIsAnError()
    {
        const Outcome empty = run(pythonRequest("  \n"));
        QVERIFY(empty.error);
        QCOMPARE(empty.error->code, RunError::Code::BadRequest);

        RunRequest unknown = pythonRequest("x");
        unknown.language = QStringLiteral("cobol");
        const Outcome o = run(unknown);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::UnknownLanguage);
    }

    // Where the kernel refuses user namespaces (Ubuntu's AppArmor restriction, a sysctl),
    // nothing runs unless the user allowed a weaker sandbox; then the helper steps down and
    // says why, and Stop and timeouts still end the whole tree.
    void refusedNamespacesAreReportedAndTheTreeStillDies()
    {
        QTemporaryDir dir;
        RunController controller(noUsernsBackend(dir));

        const QString token = uniqueToken();
        RunRequest request = pythonRequest(fixture(QStringLiteral("fork_sleeper.py")), {token});
        request.limits.wallTimeMs = 1500;
        RunWatcher refused(controller);
        refused.outcome.id = controller.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(refused.done(), 20000);
        QVERIFY(refused.outcome.error);
        QCOMPARE(refused.outcome.error->code, RunError::Code::SandboxUnavailable);
        QVERIFY(!processWithTokenExists(token));

        request.weakestIsolation = IsolationReport::Level::None;
        RunWatcher watcher(controller);
        watcher.outcome.id = controller.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 20000);
        QVERIFY(watcher.outcome.result);
        const RunResult &r = *watcher.outcome.result;
        QCOMPARE(r.killReason, KillReason::Timeout);
        QCOMPARE(r.isolation.level, IsolationReport::Level::None);
        QVERIFY2(r.isolation.details.value(0).contains(QStringLiteral("was refused")),
                 qPrintable(r.isolation.details.join(QLatin1Char('\n'))));
        QVERIFY(r.isolation.details.join(QLatin1Char(' ')).contains(QStringLiteral("Files: NOT isolated")));
        QTRY_VERIFY2_WITH_TIMEOUT(!processWithTokenExists(token), "a process outlived the run without namespaces",
                                  5000);
    }

    // Without namespaces the program runs in the workspace itself, where Sandpit's own files
    // are: the same files are kept and listed, and still not its source or its input.
    void filesBesideTheProgramAreKeptWithoutNamespacesToo()
    {
        QTemporaryDir dir;
        RunController controller(noUsernsBackend(dir));
        RunRequest request;
        request.weakestIsolation = IsolationReport::Level::None;
        checkFilesBesideTheProgramAreKept(controller, request);
    }

    void aRunWithNetworkAccessIsRefusedAWeakerSandbox()
    {
        // Without its own network namespace a program would reach every host: the proxy's
        // run fails closed even where the user allows a weaker sandbox.
        QTemporaryDir dir;
        RunController controller(noUsernsBackend(dir));
        RunRequest request = pythonRequest("print('ran')\n");
        request.weakestIsolation = IsolationReport::Level::None;
        request.network = {*parseAllowedDestination(QStringLiteral("pypi.org:443"))};
        const Outcome o = runToEnd(controller, request);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::SandboxUnavailable);
        QVERIFY2(o.error->message.contains(QLatin1String("a run with network access (an allow-list) needs the full "
                                                         "sandbox")),
                 qPrintable(o.error->message));
    }

    void missingToolchainIsAnError()
    {
        QTemporaryDir emptyDir;
        RunController controller([&] {
            std::vector<std::unique_ptr<Backend>> backends;
            backends.push_back(std::make_unique<LocalBackend>(LanguageRegistry::builtIn(),
                                                              LocalBackend::Config{{}, {emptyDir.path()}}));
            return backends;
        }());
        RunWatcher watcher(controller);
        watcher.outcome.id = controller.start(pythonRequest("print(1)"));
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 10000);
        QVERIFY(watcher.outcome.error);
        QCOMPARE(watcher.outcome.error->code, RunError::Code::MissingToolchain);
        QVERIFY(watcher.outcome.error->message.contains(QStringLiteral("apt install python3")));
    }
};

QTEST_GUILESS_MAIN(TestLocalBackend)
#include "tst_localbackend.moc"
