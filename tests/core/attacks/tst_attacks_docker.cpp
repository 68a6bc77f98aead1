// The attack corpus (tests/fixtures/attacks/) against the Docker backend, where it applies:
// each program runs in a real container from the offline Python image, and what is asserted
// is what a user would notice: no host file read or written, no connection made, no process
// left running, the same kill reason as the local sandbox. Needs sandpit-offline/python:3.11
// (packaging/docker/build-offline-images.sh). The C attacks are built on the host and copied
// in; the image is Debian 12 like the build machine, so their glibc matches.
//
// Not run here, and why:
// - million_files.py: the workspace is a host folder bound into the container, and Docker
//   has no inode limit for a bind mount (the hardening list has none); the program
//   would put up to a million files on the host disk until the wall time.
// - sparse_artifacts.py: it tests what the local sandbox's init copies out of its tmpfs. In
//   Docker nothing is copied: output/ is the host folder itself, and sparse files take no
//   room there.
// - huge_file.py in the workspace with no file-size limit: same bind mount, so only the
//   file-size ulimit bounds it (tested below); without one it would write 10 GB to the host.
// - clone3_enosys.c, int80_syscall.c: they test how the local init answers clone3 and the
//   i386 ABI (this kernel turns int 0x80 into SIGSEGV anyway). x32_ptrace.c is run below.
//
// The forbidden calls end the run as "blocked-syscall" here too: every container's PID 1 is
// sandpit-seccomp's init, under the local sandbox's filter with a kill instead of the local
// init's notification, and every process of the run inherits it, so the detail cannot name
// the call.
#include "support/dockerattacks.h"

#include <grp.h>
#include <pwd.h>

class TestAttacksDocker : public QObject, private DockerAttackRunner
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpEngine(); }
    void cleanupTestCase() { tearDownEngine(); }

    // --- the user's files and secrets ---------------------------------------------------

    void writesOutsideTheWorkspaceStayInside()
    {
        const QString token = uniqueToken();
        const QString home = QDir::homePath();
        const Outcome o = run(attack(QStringLiteral("write_outside.py"), {token, home}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        // The image has a folder at the host home's path too (/root), so only its refusal
        // and the host's side are asserted.
        for (const QString &folder : {QStringLiteral("/usr"), QStringLiteral("/usr/lib"), QStringLiteral("/etc"),
                                      QStringLiteral("/"), home}) {
            QVERIFY2(out.contains((folder + QStringLiteral(": refused")).toUtf8()), out.constData());
            QVERIFY(!QFile::exists(folder + QLatin1Char('/') + token));
        }
        // The container's /tmp takes the file; the host's /tmp must never see it.
        QVERIFY2(out.contains("/tmp: written"), out.constData());
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/") + token));
        QVERIFY(!QFile::exists(QDir::tempPath() + QLatin1Char('/') + token));
    }

    void privateKeysAreOutOfReach()
    {
        const QByteArray secret = uniqueToken().toUtf8();
        QTemporaryDir fakeHome;
        QVERIFY(QDir(fakeHome.path()).mkpath(QStringLiteral(".ssh")));
        QFile key(fakeHome.filePath(QStringLiteral(".ssh/id_ed25519")));
        QVERIFY(key.open(QIODevice::WriteOnly));
        key.write("-----BEGIN OPENSSH PRIVATE KEY-----\n" + secret + "\n-----END OPENSSH PRIVATE KEY-----\n");
        key.close();
        const Outcome o = run(attack(QStringLiteral("read_ssh_key.py"),
                                     {key.fileName(), fakeHome.filePath(QStringLiteral(".ssh")),
                                      QDir::homePath() + QStringLiteral("/.ssh")}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY(!o.result->stdoutData.contains(secret));
        QVERIFY(!o.result->stderrData.contains(secret));
        QVERIFY(!o.result->stdoutData.contains("PRIVATE KEY"));
        QVERIFY2(o.result->stdoutData.contains((key.fileName() + QStringLiteral(": No such file or directory")).toUtf8()),
                 o.result->stdoutData.constData());
    }

    void hostAccountsAreHidden()
    {
        const Outcome o = run(attack(QStringLiteral("read_shadow.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        // The image's own shadow files may exist; the learner may not read them.
        for (const char *path : {"/etc/shadow", "/etc/gshadow", "/etc/sudoers"}) {
            const QByteArray line = "== " + QByteArray(path) + ": ";
            QVERIFY2(out.contains(line + "No such file or directory") || out.contains(line + "Permission denied"),
                     out.constData());
        }
        QVERIFY2(out.contains("learner:x:1000:1000:"), out.constData());
        // Neither the host's people nor any password hash of the host's.
        while (const passwd *account = getpwent()) {
            if (account->pw_uid >= 1000 && account->pw_uid != 65534)
                QVERIFY2(!out.contains(QByteArray(account->pw_name) + ':'), account->pw_name);
        }
        endpwent();
        QFile shadow(QStringLiteral("/etc/shadow"));
        if (shadow.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : shadow.readAll().split('\n')) {
                const QByteArray hash = line.split(':').value(1);
                if (hash.startsWith('$'))
                    QVERIFY(!out.contains(hash));
            }
        }
    }

    void programIsNoAccountOfThisComputer()
    {
        // No user-namespace remap: the container's uid is the host's. As uid 1000 (the first
        // person's account on most desktops) the program could reach what they own.
        const Outcome o = run(pythonRequest("import os\nprint(os.getuid(), os.getgid())\n"));
        QVERIFY(o.result);
        const QList<QByteArray> ids = o.result->stdoutData.trimmed().split(' ');
        QCOMPARE(ids.size(), 2);
        for (const QByteArray &id : ids) {
            QVERIFY2(id.toLongLong() > 0 && getpwuid(uid_t(id.toLongLong())) == nullptr, id.constData());
            QVERIFY2(getgrgid(gid_t(id.toLongLong())) == nullptr, id.constData());
        }
        QCOMPARE(o.result->isolation.level, IsolationReport::Level::Full);
    }

    void parentEnvironmentStaysOutside()
    {
        // The secret is in the environment the engine itself is made with.
        const QByteArray secret = uniqueToken().toUtf8();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SANDPIT_TEST_SECRET"), QString::fromLatin1(secret));
        qputenv("SANDPIT_TEST_SECRET", secret);
        auto controller = dockerController(environment);
        const Outcome o = run(*controller, attack(QStringLiteral("leak_environment.py")));
        qunsetenv("SANDPIT_TEST_SECRET");
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.result->stdoutData.contains("'HOME': '/work'"), o.result->stdoutData.constData());
        QVERIFY2(!o.result->stdoutData.contains(secret), "the app's environment reached the program");
        QVERIFY(!o.result->stderrData.contains(secret));
        QVERIFY(!o.result->stdoutData.contains("SANDPIT_TEST_SECRET"));
    }

    void linksInOutputAreNotFollowed()
    {
        // output/ comes back as a tar: a followed symlink would be the host's /etc/passwd once
        // unpacked. The hard link can only be to a file of the container's own tmpfs (here a
        // file the program wrote), so it comes back as the copy it is.
        const Outcome o = run(attack(QStringLiteral("link_artifacts.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("links made\n"));
        QStringList paths;
        for (const Artifact &a : o.result->artifacts)
            paths << QStringLiteral("%1 %2").arg(a.path).arg(a.size);
        QCOMPARE(paths, (QStringList{QStringLiteral("hardlink.txt 16"), QStringLiteral("ok.txt 4")}));
    }

    // --- network and the desktop's sockets ------------------------------------------------

    void internetIsUnreachable()
    {
        const Outcome o = run(attack(QStringLiteral("tcp_internet.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.result->stdoutData.contains("tcp: failed"), o.result->stdoutData.constData());
        QVERIFY(o.result->stdoutData.contains("dns: failed"));
    }

    void hostLoopbackIsUnreachable()
    {
        Listener listener(AF_INET);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QVERIFY(listener.listenOn(reinterpret_cast<sockaddr *>(&address), sizeof address));
        const Outcome o = run(attack(QStringLiteral("tcp_host_loopback.py"), {QString::number(listener.port())}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("host: failed (Connection refused)\nown loopback: works\n"));
        QVERIFY(!listener.wasReached());
    }

    void dockerAndDesktopSocketsAreUnreachable()
    {
        // The program tries /var/run/docker.sock and the D-Bus sockets by path, and a path
        // and an abstract socket the test listens on.
        QTemporaryDir dir;
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("bus")));
        Listener pathListener(AF_UNIX);
        sockaddr_un pathAddress{};
        pathAddress.sun_family = AF_UNIX;
        qstrncpy(pathAddress.sun_path, path.constData(), sizeof pathAddress.sun_path);
        QVERIFY(pathListener.listenOn(reinterpret_cast<sockaddr *>(&pathAddress), sizeof pathAddress));

        // An abstract socket has no file: only the network namespace keeps it out of reach.
        const QByteArray abstractName = uniqueToken().toUtf8();
        Listener abstractListener(AF_UNIX);
        sockaddr_un abstractAddress{};
        abstractAddress.sun_family = AF_UNIX;
        memcpy(abstractAddress.sun_path + 1, abstractName.constData(), abstractName.size());
        QVERIFY(abstractListener.listenOn(reinterpret_cast<sockaddr *>(&abstractAddress),
                                          socklen_t(offsetof(sockaddr_un, sun_path) + 1 + abstractName.size())));

        const Outcome o = run(attack(QStringLiteral("unix_sockets.py"),
                                     {QString::fromUtf8(path), QString::fromUtf8(abstractName)}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QList<QByteArray> lines = o.result->stdoutData.trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        for (const QByteArray &line : lines) {
            const QByteArray expected = line.startsWith("'\\x00") ? ": failed (Connection refused)"
                                                                  : ": failed (No such file or directory)";
            QVERIFY2(line.endsWith(expected), line.constData());
        }
        QVERIFY(o.result->stdoutData.contains("'/var/run/docker.sock': failed"));
        QVERIFY(!pathListener.wasReached());
        QVERIFY(!abstractListener.wasReached());
    }

    // --- other processes ------------------------------------------------------------------

    void daemonDoesNotOutliveTheRun()
    {
        const QString token = uniqueToken();
        const Outcome o = run(attack(QStringLiteral("daemon_after_run.py"), {token}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->stdoutData, QByteArray("parent done\n"));
        // Container processes are host processes: none with the token may be left, so the
        // daemon never gets to write its late file (its second of sleep is long over by the
        // next check, which sees it in no run's output either).
        QVERIFY2(!processWithTokenExists(token), "the daemon outlived the run");
        QVERIFY(o.result->artifacts.isEmpty());
        const Outcome next = run(pythonRequest("import os\nprint(sorted(os.listdir('output')))\n"));
        QVERIFY(next.result);
        QCOMPARE(next.result->stdoutData, QByteArray("[]\n"));
        QVERIFY(!processWithTokenExists(token));
    }

    void killingEveryoneReachesOnlyTheContainer()
    {
        // The bystander runs as uid 1000, the learner's uid in the container: only the pid
        // namespace, not a different user, may keep it safe.
        const QString token = uniqueToken();
        QProcess bystander;
        const QStringList sleeper{QStringLiteral("/usr/bin/python3"), QStringLiteral("-c"),
                                  QStringLiteral("import time; time.sleep(120)"), token};
        if (geteuid() == 0) {
            bystander.start(QStringLiteral("setpriv"), QStringList{QStringLiteral("--reuid=1000"), QStringLiteral("--regid=1000"),
                                                                   QStringLiteral("--clear-groups")}
                                                           + sleeper);
        } else {
            bystander.start(sleeper.first(), sleeper.mid(1));
        }
        QVERIFY(bystander.waitForStarted());
        // Its own command line: a zombie has none, and it is quicker than scanning /proc.
        const auto bystanderLives = [&] { return processHolds(bystander.processId(), token); };
        QTRY_VERIFY_WITH_TIMEOUT(bystanderLives(), 15000);
        const QString testPid = QString::number(QCoreApplication::applicationPid());
        const Outcome o = run(attack(QStringLiteral("kill_everyone.py"), {testPid}));
        const bool survived = bystanderLives();
        bystander.kill();
        bystander.waitForFinished();
        QVERIFY2(survived, "a host process of the learner's uid was killed from inside the container");
        QVERIFY(o.result);
        QVERIFY2(o.result->stdoutData.endsWith("still here\n"), o.result->stdoutData.constData());
        QVERIFY2(o.result->stdoutData.contains(("kill " + testPid + ": No such process").toUtf8()),
                 o.result->stdoutData.constData());
        // As in the local sandbox: the program outlived its own kill(-1) and ended by itself.
        QVERIFY2(o.result->exitCode == 0, qPrintable(o.result->killDetail));
        QCOMPARE(o.result->killReason, KillReason::None);
    }

    void hostProcessesAreInvisible()
    {
        // The container's own pid namespace: init (pid 1, sandpit-seccomp), the program, and
        // at most the open-files watch, against hundreds
        // of processes on the host. Pid 1's folders, where the program may open them, show
        // the container's own root, so they are no way back to the host.
        const Outcome o = run(attack(QStringLiteral("proc_snoop.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        const QRegularExpressionMatch pids = QRegularExpression(QStringLiteral("^other pids: \\[([\\d, ]*)\\]\n"))
                                                 .match(QString::fromUtf8(out));
        QVERIFY2(pids.hasMatch(), out.constData());
        QVERIFY2(pids.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts).size() <= 1, out.constData());
        for (const QByteArray &line : out.split('\n')) {
            if (line.startsWith("/proc/1/root ") && !line.endsWith("Permission denied"))
                QVERIFY2(line.contains("'.dockerenv'") && line.contains("'work'"), line.constData());
        }
    }

    void forgedEndMarkerDoesNotEndTheRun()
    {
        // Not from the corpus: an attack on how the Docker backend learns that a run ended.
        // The launcher prints an end line with a per-run secret; a program that finds the
        // secret (any argument of any process it can see) and prints the line itself must
        // not change what is reported: its later output and its real exit code count.
        const Outcome o = run(pythonRequest(
            "import os, sys\n"
            "words = set()\n"
            "for p in os.listdir('/proc'):\n"
            "    if p.isdigit() and int(p) != os.getpid():\n"
            "        try:\n"
            "            words.update(open(f'/proc/{p}/cmdline', 'rb').read().split(b'\\0'))\n"
            "        except OSError:\n"
            "            pass\n"
            "for w in sorted(w for w in words if len(w) >= 8):\n"
            "    for fd in (1, 2):\n"
            "        os.write(fd, b'\\x1esandpit-end ' + w + b' status=0 peak=1 cpu_ns=1 pids_max=0 oom_kill=0\\n')\n"
            "print('after the forged end', flush=True)\n"
            "sys.exit(7)\n"));
        QVERIFY(o.result);
        QVERIFY2(o.result->stdoutData.endsWith("after the forged end\n"), o.result->stdoutData.constData());
        QCOMPARE(o.result->exitCode, 7);
        QCOMPARE(o.result->killReason, KillReason::None);
    }

    void initCannotBeReadOrTakenOver()
    {
        // PID 1 holds the token. A launcher shell as PID 1 ran as the program's uid, dumpable
        // and unfiltered: the program read the token out of /proc/1/mem and forged "exit 0".
        const Outcome o = run(attack(QStringLiteral("forge_from_init_memory.py")));
        QVERIFY(o.result);
        const QByteArray out = o.result->stdoutData;
        QVERIFY2(out.contains("init memory refused") && out.contains("init memory write refused")
                     && out.contains("init environment refused") && out.contains("init filtered\n"),
                 out.constData());
        QCOMPARE(o.result->exitCode, 3);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->isolation.level, IsolationReport::Level::Full);
    }

    void setuidProgramsGainNothing()
    {
        const Outcome o = run(attack(QStringLiteral("setuid_binaries.py")));
        QVERIFY(o.result);
        const QByteArray out = o.result->stdoutData;
        const QByteArray uid = QByteArray::number(DockerContainer::kLearnerUid);
        QVERIFY2(out.contains("euid before " + uid + "\n") && out.contains("euid after " + uid + "\n"), out.constData());
        for (const char *program : {"su", "passwd", "newgrp", "chsh"}) {
            const QRegularExpression failed(QStringLiteral("^%1 exit [1-9]\\d* stdout b''$").arg(QLatin1String(program)),
                                            QRegularExpression::MultilineOption);
            QVERIFY2(failed.match(QString::fromUtf8(out)).hasMatch(), out.constData());
        }
        QVERIFY2(out.contains("'CapPrm:\\t0000000000000000', 'CapEff:\\t0000000000000000', 'NoNewPrivs:\\t1'"),
                 out.constData());
        // mount(8) without root fails inside; the run ends by itself.
        QCOMPARE(o.result->killReason, KillReason::None);
        QVERIFY(out.endsWith("mount returned\n"));
    }

    void nothingCarriesOverToTheNextRun()
    {
        const QString token = uniqueToken();
        const Outcome first = run(attack(QStringLiteral("persist_marker.py"), {QStringLiteral("write"), token}));
        QVERIFY(first.result);
        QCOMPARE(first.result->exitCode, 0);
        QCOMPARE(first.result->stdoutData, QByteArray("shm True\n"));
        const Outcome second = run(attack(QStringLiteral("persist_marker.py"), {QStringLiteral("check"), token}));
        QVERIFY(second.result);
        QCOMPARE(second.result->exitCode, 0);
        QCOMPARE(second.result->stdoutData, QByteArray("found: [] shm False\n"));
    }

    void kernelSwitchesAreReadOnly()
    {
        const Outcome o = run(attack(QStringLiteral("kernel_knobs.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QList<QByteArray> lines = o.result->stdoutData.trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        for (const QByteArray &line : lines)
            QVERIFY2(line.endsWith(" refused"), line.constData());
    }

    void forbiddenCallEndsTheRun_data()
    {
        // sandpit-seccomp's filter, on top of Docker's profile, kills the program at the call
        // (the kernel takes the strictest of the stacked filters' verdicts).
        QTest::addColumn<QString>("program");
        QTest::newRow("ptrace") << QStringLiteral("ptrace_attach");
        QTest::newRow("process_vm_readv") << QStringLiteral("process_vm_readv");
        QTest::newRow("TIOCSTI") << QStringLiteral("tiocsti");
        QTest::newRow("unshare") << QStringLiteral("unshare_user");
        QTest::newRow("mount") << QStringLiteral("mount_tmpfs");
        QTest::newRow("clone new netns") << QStringLiteral("clone_newnet");
        QTest::newRow("keyctl") << QStringLiteral("keyctl");
        QTest::newRow("bpf") << QStringLiteral("bpf");
        QTest::newRow("perf_event_open") << QStringLiteral("perf_event_open");
        QTest::newRow("userfaultfd") << QStringLiteral("userfaultfd");
        QTest::newRow("io_uring_setup") << QStringLiteral("io_uring_setup");
        QTest::newRow("x32 ptrace") << QStringLiteral("x32_ptrace");
    }
    void forbiddenCallEndsTheRun()
    {
        QFETCH(QString, program);
        const Outcome o = run(compiledAttack(program));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::BlockedSyscall);
        QCOMPARE(o.result->signal, SIGSYS);
        QCOMPARE(o.result->exitCode, std::nullopt);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("forbids")), qPrintable(o.result->killDetail));
        // Killed at the call, before it ran: whatever got printed is a failure.
        for (const QByteArray &line : o.result->stdoutData.split('\n')) {
            if (!line.isEmpty())
                QVERIFY2(line.endsWith(": -1"), line.constData());
        }
    }

    void vsockIsRefused()
    {
        // A network namespace does not cover AF_VSOCK, and Docker's profile allows it; the
        // filter refuses every family but local, IP and netlink ones, as the local sandbox does.
        const Outcome o = run(attack(QStringLiteral("vsock_port.py"), {QStringLiteral("1234")}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("vsock: refused\n"));
    }

    void isolationReportNamesBothFilters()
    {
        const Outcome o = run(attack(QStringLiteral("vsock_port.py"), {QStringLiteral("1234")}));
        QVERIFY(o.result);
        QCOMPARE(o.result->isolation.level, IsolationReport::Level::Full);
        QVERIFY(o.result->isolation.details.join(QLatin1Char(' ')).contains(QStringLiteral("Sandpit's own filter")));
    }

    void abortLeavesNoCoreDump()
    {
        RunRequest request = compiledAttack(QStringLiteral("abort_core"));
        request.limits.memoryBytes = 512LL * 1024 * 1024;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Signal);
        QCOMPARE(o.result->signal, SIGABRT);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("SIGABRT")));
        QCOMPARE(o.result->stdoutData, QByteArray("child: signal 6, core dumped: no\n"));
        // It aborted inside output/, so a core file would have come out as an artifact.
        QVERIFY(o.result->artifacts.isEmpty());
    }

};

QTEST_GUILESS_MAIN(TestAttacksDocker)
#include "tst_attacks_docker.moc"
