// Named sandboxes on the local backend, end to end: the real helper holds them, and commands
// run in them through a real RunController, as `sandpit sandbox exec` runs them.

#include "localsandboxesfixture.h"
#include "network/allowlist.h"

#include <thread>

using namespace SandpitTest;

class TestLocalSandboxes : public LocalSandboxesFixture
{
    Q_OBJECT

private:
    // A shell that creates the sandbox and exits at once stands for a window that closes.
    static void createFromAShellThatExits(const QString &dir)
    {
        QVERIFY(QDir().mkpath(dir));
        QProcess creator;
        creator.start(QStringLiteral("/bin/sh"),
                      {QStringLiteral("-c"),
                       QStringLiteral("\"$0\" --hold \"$1\" --ro-bind-try /usr --ro-bind-try /bin --ro-bind-try /lib "
                                      "--ro-bind-try /lib64; echo created $?"),
                       LocalBackend::findHelper(), dir});
        QVERIFY(creator.waitForFinished(30000));
        QCOMPARE(creator.readAllStandardOutput(), QByteArray("created 0\n"));
    }

    // A command in `sandbox` that holds 60 MB until its stdin closes, once it holds them.
    static void startHolding60MB(RunController &controller, RunWatcher &holder, const QString &sandbox)
    {
        RunRequest holding = withFixture(exec(sandbox,
                                              {QStringLiteral("python3"), QStringLiteral("hold_memory.py"),
                                               QStringLiteral("60"), QStringLiteral("wait")}));
        holding.keepStdinOpen = true;
        holder.outcome.id = controller.start(holding);
        QTRY_VERIFY_WITH_TIMEOUT(holder.outcome.liveStdout.contains("holding") || holder.done(), 30000);
        QVERIFY2(!holder.done(), why(holder.outcome).constData());
    }

    static int processesNaming(const QString &text)
    {
        int found = 0;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            QFile cmdline(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
            if (pid.toLongLong() > 0 && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(text.toUtf8()))
                ++found;
        }
        return found;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_root.isValid()); }

    void cleanup() { removeAllSandboxes(); }

    void createListAndRemoveLeaveNothing()
    {
        const SandboxInfo info = created(QStringLiteral("tidy"), 100LL << 20);
        QCOMPARE(info.state, SandboxInfo::State::Running);
        QCOMPARE(info.memoryLimit, 100LL << 20);
        const SandboxInfo shown = listed(store(), QStringLiteral("tidy"));
        QCOMPARE(shown.state, SandboxInfo::State::Running);
        QVERIFY(!shown.ownerGone); // this test made it, and runs
        QVERIFY(shown.since.isValid());
        if (!state(QStringLiteral("tidy")).value(QStringLiteral("cgroup_memory")).isEmpty())
            QVERIFY(shown.memoryBytes > 0); // read from its cgroup
        const auto saved = state(QStringLiteral("tidy"));
        QCOMPARE(livingProcesses(saved), 2);

        QVERIFY(store().remove(QStringLiteral("tidy")));
        QCOMPARE(livingProcesses(saved), 0);
        for (const QString &group : cgroupsOf(saved))
            QVERIFY2(!QFileInfo::exists(group), qPrintable(group));
        QVERIFY(!QFileInfo::exists(m_root.path() + QStringLiteral("/tidy")));
        QCOMPARE(listed(store(), QStringLiteral("tidy")).name, QString());
    }

    void badNamesTakenNamesAndUnknownNames()
    {
        SandboxSpec spec;
        spec.name = QStringLiteral("../escape");
        const auto bad = store().create(spec);
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, RunError::Code::BadRequest);
        QVERIFY2(bad.error().message.contains(QStringLiteral("cannot name a sandbox")),
                 qPrintable(bad.error().message));

        created(QStringLiteral("taken"));
        spec.name = QStringLiteral("taken");
        const auto twice = store().create(spec);
        QVERIFY(!twice);
        QVERIFY2(twice.error().message.contains(QStringLiteral("already exists")), qPrintable(twice.error().message));
        QCOMPARE(listed(store(), QStringLiteral("taken")).state, SandboxInfo::State::Running); // untouched
        QVERIFY(store().remove(QStringLiteral("taken")));

        for (const auto &call : {store().stop(QStringLiteral("nobody")), store().remove(QStringLiteral("nobody"))}) {
            QVERIFY(!call);
            QVERIFY2(call.error().message.contains(QStringLiteral("no local sandbox named \"nobody\"")),
                     qPrintable(call.error().message));
        }
        auto controller = engine();
        const Outcome outcome = runToEnd(*controller, exec(QStringLiteral("nobody"), {QStringLiteral("true")}));
        QVERIFY(outcome.error);
        QVERIFY2(outcome.error->message.contains(QStringLiteral("\"nobody\"")), qPrintable(outcome.error->message));
    }

    void execArgumentsExitStatusFilesAndLogs()
    {
        created(QStringLiteral("work"));
        auto controller = engine();
        const Outcome first
            = runToEnd(*controller,
                       exec(QStringLiteral("work"),
                            {QStringLiteral("sh"), QStringLiteral("-c"),
                             QStringLiteral("echo \"$1-$2\" > /work/kept.txt; echo first \"$1\"; exit 7"),
                             QStringLiteral("sh"), QStringLiteral("one two"), QStringLiteral("three")}));
        QVERIFY2(first.result, why(first).constData());
        QCOMPARE(first.result->exitCode, std::optional<int>(7));
        QCOMPARE(first.liveStdout, QByteArray("first one two\n"));

        const Outcome second = runToEnd(
            *controller, exec(QStringLiteral("work"), {QStringLiteral("cat"), QStringLiteral("/work/kept.txt")}));
        QVERIFY2(second.result, why(second).constData());
        QCOMPARE(second.result->exitCode, std::optional<int>(0));
        QVERIFY(second.result->isolation.details.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("the named sandbox's PID namespace, shared with its other commands")));
        QCOMPARE(second.liveStdout, QByteArray("one two-three\n"));

        const auto log = store().logs(QStringLiteral("work"));
        QVERIFY(log);
        QCOMPARE(log->bytes, QByteArray("first one two\none two-three\n"));
        QCOMPARE(log->end, 28);
        QCOMPARE(store().logs(QStringLiteral("work"), 14).value().bytes, QByteArray("one two-three\n"));
        QVERIFY(store().remove(QStringLiteral("work")));
    }

    void logKeepsOnlyTheNewestPart()
    {
        created(QStringLiteral("chatty"));
        auto controller = engine();
        RunRequest request = exec(QStringLiteral("chatty"), {QStringLiteral("seq"), QStringLiteral("400000")});
        request.limits.outputBytes = 8LL << 20;
        request.keepOutputInResult = false;
        const Outcome outcome = runToEnd(*controller, request);
        QVERIFY2(outcome.result, why(outcome).constData());
        QVERIFY(outcome.liveStdout.size() > 2'000'000); // the command's own output is whole
        const QByteArray log = store().logs(QStringLiteral("chatty")).value().bytes;
        QVERIFY2(log.size() <= 1024 * 1024, QByteArray::number(log.size()).constData());
        QVERIFY(log.size() >= 512 * 1024);
        QVERIFY(log.endsWith("\n399999\n400000\n"));
        QVERIFY(outcome.liveStdout.endsWith(log));
        QVERIFY(store().remove(QStringLiteral("chatty")));
    }

    // `logs --follow` asks for what came after what it printed: across the log's turns, where
    // the oldest part is dropped, it must still get each command's output whole, and only once.
    void logsFromAnOffsetFollowAcrossTurns()
    {
        created(QStringLiteral("followed"));
        auto controller = engine();
        qint64 offset = 0;
        for (int i = 0; i < 8; ++i) { // about 170 KB each: three turns of the 1 MB log
            const QString marker = QStringLiteral("mark-%1").arg(i);
            RunRequest request
                = exec(QStringLiteral("followed"),
                       {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("seq 1 30000; echo ") + marker});
            request.limits.outputBytes = 8LL << 20;
            const Outcome outcome = runToEnd(*controller, request);
            QVERIFY2(outcome.result, why(outcome).constData());
            const SandboxLogRead read = store().logs(QStringLiteral("followed"), offset).value();
            const QByteArray &news = read.bytes;
            QCOMPARE(read.dropped, 0);
            QVERIFY2(news.startsWith("1\n2\n3\n"), qPrintable(marker));
            QVERIFY2(news.endsWith("29999\n30000\n" + marker.toUtf8() + "\n"), qPrintable(marker));
            QCOMPARE(news.count('\n'), 30001);
            QCOMPARE(read.end, offset + news.size());
            offset = read.end;
        }
        QCOMPARE(store().logs(QStringLiteral("followed"), offset).value().bytes, QByteArray());
        QVERIFY(store().logs(QStringLiteral("followed")).value().bytes.size() <= 1024 * 1024);
    }

    // A follower that slept through more than the log keeps: it is told how much it lost, and
    // goes on from where the log ends, so nothing it gets next is a byte it had.
    void aFollowerFurtherBehindThanTheLogGetsNoByteTwice()
    {
        created(QStringLiteral("slow"));
        auto controller = engine();
        const Outcome early
            = runToEnd(*controller, exec(QStringLiteral("slow"), {QStringLiteral("echo"), QStringLiteral("early")}));
        QVERIFY2(early.result, why(early).constData());
        const SandboxLogRead first = store().logs(QStringLiteral("slow"), 0).value();
        QCOMPARE(first.bytes, QByteArray("early\n"));
        RunRequest flood = exec(QStringLiteral("slow"), {QStringLiteral("seq"), QStringLiteral("400000")});
        flood.limits.outputBytes = 8LL << 20;
        flood.keepOutputInResult = false;
        const Outcome flooded = runToEnd(*controller, flood); // 2.7 MB: the 1 MB log turns over
        QVERIFY2(flooded.result, why(flooded).constData());
        const SandboxLogRead late = store().logs(QStringLiteral("slow"), first.end).value();
        QVERIFY(late.dropped > 0);
        QCOMPARE(first.end + late.dropped + late.bytes.size(), late.end);
        QVERIFY(late.bytes.endsWith("\n399999\n400000\n"));
        const Outcome after
            = runToEnd(*controller, exec(QStringLiteral("slow"), {QStringLiteral("echo"), QStringLiteral("after")}));
        QVERIFY2(after.result, why(after).constData());
        QCOMPARE(store().logs(QStringLiteral("slow"), late.end).value().bytes, QByteArray("after\n"));
    }

    // The peak a command reports is its own: not the sandbox's, which an earlier command set,
    // nor that of a command running beside it.
    void aCommandsPeakMemoryIsItsOwn()
    {
        created(QStringLiteral("peaks"), 200LL << 20);
        auto controller = engine();
        RunWatcher big(*controller);
        startHolding60MB(*controller, big, QStringLiteral("peaks"));
        if (QTest::currentTestFailed())
            return;

        const Outcome small = runToEnd(*controller, exec(QStringLiteral("peaks"), {QStringLiteral("true")}));
        QVERIFY2(small.result, why(small).constData());
        QVERIFY2(small.result->peakMemoryBytes < 20LL << 20,
                 QByteArray::number(small.result->peakMemoryBytes).constData());
        QVERIFY(!big.done()); // the 60 MB were held all the while

        controller->closeInput(big.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(big.done(), 30000);
        QVERIFY2(big.outcome.result, why(big.outcome).constData());
        QVERIFY2(big.outcome.result->peakMemoryBytes >= 60LL << 20,
                 QByteArray::number(big.outcome.result->peakMemoryBytes).constData());
    }

    void memoryLimitHeldAcrossCommands()
    {
        created(QStringLiteral("tight"), 100LL << 20);
        auto controller = engine();
        RunWatcher holder(*controller);
        startHolding60MB(*controller, holder, QStringLiteral("tight"));
        if (QTest::currentTestFailed())
            return;

        // 60 MB alone fits the sandbox's 100 MB; beside the first command's 60 MB it does not.
        const Outcome second = runToEnd(*controller,
                                        withFixture(exec(QStringLiteral("tight"),
                                                         {QStringLiteral("python3"), QStringLiteral("hold_memory.py"),
                                                          QStringLiteral("60"), QStringLiteral("linger")})));
        QVERIFY2(second.result, why(second).constData());
        // With a cgroup the kernel counts both, and the second is stopped for memory. Without
        // one, each command's watch sees the whole sandbox pass its limit, and whichever looks
        // first stops its own command: never may both keep their 60 MB.
        const bool firstEnded = holder.done();
        controller->cancel(holder.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(holder.done(), 30000);
        QVERIFY2(holder.outcome.result, why(holder.outcome).constData());
        if (second.result->killReason != KillReason::Memory) {
            QVERIFY(firstEnded);
            QCOMPARE(holder.outcome.result->killReason, KillReason::Memory);
            QVERIFY(!state(QStringLiteral("tight")).contains(QStringLiteral("cgroup_memory"))
                    || state(QStringLiteral("tight")).value(QStringLiteral("cgroup_memory")).isEmpty());
        }
        QVERIFY(store().remove(QStringLiteral("tight")));
    }

    void twoCommandsAtOnce()
    {
        created(QStringLiteral("shared"));
        auto first = engine();
        auto second = engine();
        RunWatcher a(*first);
        RunWatcher b(*second);
        // Each waits for the other's file, so they can only both end if both run at once.
        a.outcome.id = first->start(
            exec(QStringLiteral("shared"),
                 {QStringLiteral("sh"), QStringLiteral("-c"),
                  QStringLiteral("touch /work/a; while [ ! -e /work/b ]; do sleep 0.01; done; echo a done")}));
        b.outcome.id = second->start(
            exec(QStringLiteral("shared"),
                 {QStringLiteral("sh"), QStringLiteral("-c"),
                  QStringLiteral("touch /work/b; while [ ! -e /work/a ]; do sleep 0.01; done; echo b done")}));
        QTRY_VERIFY_WITH_TIMEOUT(a.done() && b.done(), 30000);
        QVERIFY2(a.outcome.result, why(a.outcome).constData());
        QVERIFY2(b.outcome.result, why(b.outcome).constData());
        QCOMPARE(a.outcome.liveStdout, QByteArray("a done\n"));
        QCOMPARE(b.outcome.liveStdout, QByteArray("b done\n"));
        QVERIFY(store().remove(QStringLiteral("shared")));
    }

    // The window or command line that made a sandbox may close: the sandbox lives on, is listed
    // with its owner gone, and takes commands as before.
    void outlivesTheProgramThatMadeIt()
    {
        const QString dir = m_root.path() + QStringLiteral("/orphan");
        createFromAShellThatExits(dir);

        const SandboxInfo info = listed(store(), QStringLiteral("orphan"));
        QCOMPARE(info.state, SandboxInfo::State::Running);
        QVERIFY2(info.ownerGone, qPrintable(info.owner));
        QVERIFY2(info.owner.contains(QStringLiteral("sh")), qPrintable(info.owner));
        auto controller = engine();
        const Outcome outcome = runToEnd(
            *controller, exec(QStringLiteral("orphan"), {QStringLiteral("echo"), QStringLiteral("still here")}));
        QVERIFY2(outcome.result, why(outcome).constData());
        QCOMPARE(outcome.liveStdout, QByteArray("still here\n"));
        // A command running in it is someone who may come back for it.
        RunWatcher waiting(*controller);
        RunRequest reading
            = exec(QStringLiteral("orphan"),
                   {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo ready; read line")});
        reading.keepStdinOpen = true;
        waiting.outcome.id = controller->start(reading);
        QTRY_VERIFY_WITH_TIMEOUT(waiting.outcome.liveStdout.contains("ready") || waiting.done(), 30000);
        QVERIFY(!listed(store(), QStringLiteral("orphan")).ownerGone);
        controller->closeInput(waiting.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(waiting.done(), 30000);
        QVERIFY(listed(store(), QStringLiteral("orphan")).ownerGone);
        QVERIFY(store().remove(QStringLiteral("orphan")));
    }

    // A command's background jobs live in the command's own PID namespace and end with it, so
    // none is left behind unseen while the sandbox reads as "owner gone" (nothing runs in it).
    void aCommandsBackgroundJobEndsWithIt()
    {
        const QString dir = m_root.path() + QStringLiteral("/busy");
        createFromAShellThatExits(dir);
        QVERIFY(listed(store(), QStringLiteral("busy")).ownerGone);
        auto controller = engine();
        const Outcome outcome = runToEnd(*controller,
                                         exec(QStringLiteral("busy"),
                                              {QStringLiteral("sh"), QStringLiteral("-c"),
                                               QStringLiteral("sleep 4271 >/dev/null 2>&1 & echo left")}));
        QVERIFY2(outcome.result, why(outcome).constData());
        QCOMPARE(outcome.liveStdout, QByteArray("left\n"));
        QTRY_VERIFY_WITH_TIMEOUT(
            processesWithToken(QStringLiteral("sleep") + QChar(0) + QStringLiteral("4271")).isEmpty(), 10000);
        QCOMPARE(LocalSandboxRecord(dir).processesInside(), 0);
        QVERIFY(listed(store(), QStringLiteral("busy")).ownerGone);
        QVERIFY(store().remove(QStringLiteral("busy")));
    }

    // --workspace: the user's folder is /work, its files seen and kept, and rm leaves it be.
    void workspaceFolderIsWorkAndOutlivesRm()
    {
        QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/tst_localsandboxes-work-XXXXXX"));
        QFile mine(folder.filePath(QStringLiteral("mine.txt")));
        QVERIFY(mine.open(QIODevice::WriteOnly) && mine.write("from the host\n") > 0);
        mine.close();
        // As root the sandbox runs as nobody, and the folder must be nobody's (see checkWorkspace).
        if (getuid() == 0) {
            QVERIFY(::chown(QFile::encodeName(folder.path()).constData(), 65534, 65534) == 0);
            QVERIFY(::chown(QFile::encodeName(mine.fileName()).constData(), 65534, 65534) == 0);
        }
        SandboxSpec spec;
        spec.name = QStringLiteral("folder");
        spec.workspace = folder.path();
        const auto info = store().create(spec);
        QVERIFY2(info, info ? "" : qPrintable(info.error().message));
        QCOMPARE(info->workspace, QFileInfo(folder.path()).canonicalFilePath());
        auto controller = engine();
        const Outcome outcome = runToEnd(*controller,
                                         exec(QStringLiteral("folder"),
                                              {QStringLiteral("sh"), QStringLiteral("-c"),
                                               QStringLiteral("cat mine.txt; echo made here > made.txt; sleep 0.2")}));
        QVERIFY2(outcome.result, why(outcome).constData());
        QCOMPARE(outcome.liveStdout, QByteArray("from the host\n"));
        // Long enough for init's watch to sample it: without a cgroup that watch counts the
        // sandbox's tmpfs files as memory, and must not count the folder's whole disk.
        QCOMPARE(outcome.result->killReason, KillReason::None);
        QVERIFY(store().remove(QStringLiteral("folder")));
        QFile made(folder.filePath(QStringLiteral("made.txt")));
        QVERIFY(made.open(QIODevice::ReadOnly));
        QCOMPARE(made.readAll(), QByteArray("made here\n"));
        QVERIFY(QFileInfo::exists(folder.filePath(QStringLiteral("mine.txt"))));
    }

    // start: the same name, limits, labels and folder; the log goes on where it stopped.
    void aStoppedSandboxStartsAgainAsItWasMade()
    {
        QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/tst_localsandboxes-work-XXXXXX"));
        if (getuid() == 0) // the sandbox runs as nobody then (see checkWorkspace)
            QVERIFY(::chown(QFile::encodeName(folder.path()).constData(), 65534, 65534) == 0);
        SandboxSpec spec;
        spec.name = QStringLiteral("again");
        spec.memoryBytes = 100LL << 20;
        spec.workspace = folder.path();
        spec.labels.insert(QStringLiteral("course"), QStringLiteral("cs101"));
        QVERIFY(store().create(spec));
        auto controller = engine();
        const auto run = [&](const QString &script) {
            return runToEnd(*controller, exec(spec.name, {QStringLiteral("sh"), QStringLiteral("-c"), script}));
        };
        QVERIFY(run(QStringLiteral("echo kept > kept.txt; echo before")).result);
        QVERIFY(store().stop(spec.name));
        QCOMPARE(listed(store(), spec.name).state, SandboxInfo::State::Stopped);
        const auto started = store().start(spec.name);
        QVERIFY2(started, started ? "" : qPrintable(started.error().message));
        QCOMPARE(started->state, SandboxInfo::State::Running);
        QCOMPARE(started->memoryLimit, 100LL << 20);
        QCOMPARE(started->workspace, QFileInfo(folder.path()).canonicalFilePath());
        QCOMPARE(started->labels, spec.labels);
        const Outcome after = run(QStringLiteral("cat kept.txt"));
        QVERIFY2(after.result, why(after).constData());
        QCOMPARE(after.liveStdout, QByteArray("kept\n"));
        QCOMPARE(store().logs(spec.name).value().bytes, QByteArray("before\nkept\n"));
        const auto again = store().start(spec.name);
        QVERIFY(!again);
        QVERIFY2(again.error().message.contains(QStringLiteral("running already")), qPrintable(again.error().message));
        const auto unknown = store().start(QStringLiteral("nosuch"));
        QVERIFY(!unknown);
        QVERIFY(unknown.error().message.contains(QStringLiteral("no local sandbox named")));
    }

    // rm while a start builds: rm waits its turn, so what the start built ends with the sandbox
    // instead of running on with no folder to find it by.
    void removeDuringStartLeavesNothing()
    {
        for (int round = 0; round < 5; ++round) {
            created(QStringLiteral("racer"));
            QVERIFY(store().stop(QStringLiteral("racer")));
            const QString dir = m_root.path() + QStringLiteral("/racer");
            std::thread starter([this] { store().start(QStringLiteral("racer")); });
            const auto removed = store().remove(QStringLiteral("racer"));
            starter.join();
            QVERIFY2(removed, removed ? "" : qPrintable(removed.error().message));
            QCOMPARE(listed(store(), QStringLiteral("racer")).name, QString());
            QVERIFY(!QFileInfo::exists(dir));
            // The keeper and init carry the state folder on their command line (--hold DIR).
            QCOMPARE(processesNaming(dir), 0);
        }
    }

    // Its own /work is a tmpfs that ends with it; a sandbox that died (its keeper killed) starts
    // too, with an empty /work and no cgroup of the old one in the way.
    void aDeadSandboxStartsWithAnEmptyWork()
    {
        created(QStringLiteral("phoenix"));
        auto controller = engine();
        QVERIFY(runToEnd(*controller,
                         exec(QStringLiteral("phoenix"), {QStringLiteral("touch"), QStringLiteral("/work/old")}))
                    .result);
        const auto saved = state(QStringLiteral("phoenix"));
        QVERIFY(::kill(static_cast<pid_t>(process(saved, QStringLiteral("keeper")).pid), SIGKILL) == 0);
        QTRY_COMPARE_WITH_TIMEOUT(listed(store(), QStringLiteral("phoenix")).state, SandboxInfo::State::Dead, 10000);
        const auto started = store().start(QStringLiteral("phoenix"));
        QVERIFY2(started, started ? "" : qPrintable(started.error().message));
        const Outcome o = runToEnd(*controller,
                                   exec(QStringLiteral("phoenix"),
                                        {QStringLiteral("sh"), QStringLiteral("-c"),
                                         QStringLiteral("test -e /work/old && echo kept || echo gone")}));
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.liveStdout, QByteArray("gone\n"));
        QCOMPARE(livingProcesses(state(QStringLiteral("phoenix"))), 2);
    }

    // `sandpit sandbox shell`: a shell on a pty inside the sandbox, typed at, in its /work.
    void shellThroughAPty()
    {
        created(QStringLiteral("shell"));
        auto controller = engine();
        RunWatcher shell(*controller);
        RunRequest request = exec(QStringLiteral("shell"), {QStringLiteral("sh")});
        request.terminal = TerminalSize{90, 20};
        request.keepStdinOpen = true;
        shell.outcome.id = controller->start(request);
        controller->writeInput(shell.outcome.id, "echo $((6*7)) $(pwd) $(tty)\r");
        QTRY_VERIFY_WITH_TIMEOUT(shell.outcome.liveStdout.contains("42 /work /dev/pts/") || shell.done(), 30000);
        QVERIFY2(!shell.done(), why(shell.outcome).constData());
        controller->writeInput(shell.outcome.id, "stty size; exit 5\r");
        QTRY_VERIFY_WITH_TIMEOUT(shell.done(), 30000);
        QVERIFY2(shell.outcome.result, why(shell.outcome).constData());
        QVERIFY(shell.outcome.liveStdout.contains("20 90"));
        QCOMPARE(shell.outcome.result->exitCode, std::optional<int>(5));
        QVERIFY(store().remove(QStringLiteral("shell")));
    }

    // A window killed while its command runs: the command's processes do not stay behind in
    // the sandbox, which lives on.
    void aCommandWhoseWindowDiesLeavesNothingInside()
    {
        created(QStringLiteral("abandoned"));
        auto controller = engine();
        RunWatcher sleeper(*controller);
        const QString token = startSleeping(*controller, sleeper, QStringLiteral("abandoned"), QStringLiteral("58.21"));
        if (QTest::currentTestFailed())
            return;
        const QList<int> helpers
            = processesWithToken(QStringLiteral("--enter") + QChar(0) + m_root.path() + QStringLiteral("/abandoned"));
        // The helper, its child (outside the command's PID namespace) and the command's init
        // share the command line: the helper is the one whose parent is not among them.
        QCOMPARE(helpers.size(), 3);
        const auto parentOf = [](int pid) {
            QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
            return stat.open(QIODevice::ReadOnly) ? stat.readAll().split(')').last().split(' ').value(2).toInt() : 0;
        };
        const int helper
            = *std::find_if(helpers.begin(), helpers.end(), [&](int pid) { return !helpers.contains(parentOf(pid)); });
        ::kill(helper, SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(processesWithToken(token).isEmpty(), 10000);
        QCOMPARE(listed(store(), QStringLiteral("abandoned")).state, SandboxInfo::State::Running);
        QTRY_VERIFY_WITH_TIMEOUT(sleeper.done(), 10000);
    }

    void stopKeepsTheRecordAndEndsEveryProcess()
    {
        created(QStringLiteral("halt"));
        const auto saved = state(QStringLiteral("halt"));
        auto controller = engine();
        RunWatcher sleeper(*controller);
        const QString token = startSleeping(*controller, sleeper, QStringLiteral("halt"), QStringLiteral("59.37"));
        if (QTest::currentTestFailed())
            return;

        QVERIFY(store().stop(QStringLiteral("halt")));
        QTRY_VERIFY_WITH_TIMEOUT(sleeper.done(), 10000); // the command ended with its sandbox
        QVERIFY(processesWithToken(token).isEmpty());
        QCOMPARE(livingProcesses(saved), 0);
        for (const QString &group : cgroupsOf(saved))
            QVERIFY2(!QFileInfo::exists(group), qPrintable(group));
        const SandboxInfo info = listed(store(), QStringLiteral("halt"));
        QCOMPARE(info.state, SandboxInfo::State::Stopped);
        const Outcome refused = runToEnd(*controller, exec(QStringLiteral("halt"), {QStringLiteral("true")}));
        QVERIFY(refused.error);
        QVERIFY2(refused.error->message.contains(QStringLiteral("not running")), qPrintable(refused.error->message));
        QVERIFY(store().remove(QStringLiteral("halt")));
        QVERIFY(!QFileInfo::exists(m_root.path() + QStringLiteral("/halt")));
    }

    void killedFromOutsideShowsDeadWithTheReason()
    {
        created(QStringLiteral("victim"));
        const auto saved = state(QStringLiteral("victim"));
        ::kill(static_cast<pid_t>(process(saved, QStringLiteral("init")).pid), SIGKILL);
        // Dead at once; the keeper's record of why follows a moment later.
        QTRY_VERIFY_WITH_TIMEOUT(listed(store(), QStringLiteral("victim"))
                                     .endReason.contains(QStringLiteral("killed from outside (signal 9)")),
                                 10000);
        QCOMPARE(listed(store(), QStringLiteral("victim")).state, SandboxInfo::State::Dead);
        QVERIFY(store().remove(QStringLiteral("victim")));

        created(QStringLiteral("keeperless"));
        const auto keeperState = state(QStringLiteral("keeperless"));
        ::kill(static_cast<pid_t>(process(keeperState, QStringLiteral("keeper")).pid), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(livingProcesses(keeperState), 0, 10000);
        const SandboxInfo info = listed(store(), QStringLiteral("keeperless"));
        QCOMPARE(info.state, SandboxInfo::State::Dead);
        QVERIFY2(info.endReason.contains(QStringLiteral("keeper")), qPrintable(info.endReason));
        QVERIFY(store().remove(QStringLiteral("keeperless")));
        for (const QString &group : cgroupsOf(keeperState))
            QVERIFY2(!QFileInfo::exists(group), qPrintable(group));
    }
};

QTEST_GUILESS_MAIN(TestLocalSandboxes)
#include "tst_localsandboxes.moc"
