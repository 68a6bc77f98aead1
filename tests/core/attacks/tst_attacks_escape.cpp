// Attacks on the user's files, secrets, network and other processes, each run in the local
// sandbox (tst_attacks_escape) and in a container (tst_attacks_escape_docker). What is asserted
// is what a user would notice: no file on the host, no secret in the output, no connection
// made, no process left running, nothing gained. Where the two backends show an attack
// differently (the image's own accounts, the learner's uid), the test says which is which.
#include "support/attackharness.h"
#include "support/listener.h"

#include <QProcess>
#include <QTemporaryDir>

#include <arpa/inet.h>
#include <grp.h>
#include <linux/vm_sockets.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

class TestAttacksEscape : public AttackSuite
{
    Q_OBJECT

private Q_SLOTS:
    // --- the user's files and secrets ---------------------------------------------------

    void writesOutsideTheWorkspaceStayInside()
    {
        const QString token = uniqueToken();
        const QString home = QDir::homePath();
        const Outcome o = run(attack(QStringLiteral("write_outside.py"), {token, home}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        for (const QString &folder :
             {QStringLiteral("/usr"), QStringLiteral("/usr/lib"), QStringLiteral("/etc"), QStringLiteral("/"), home}) {
            QVERIFY2(out.contains((folder + QStringLiteral(": refused")).toUtf8()), out.constData());
            QVERIFY(!QFile::exists(folder + QLatin1Char('/') + token));
        }
        // The run's /tmp takes the file; the host's /tmp must never see it.
        QVERIFY2(out.contains("/tmp: written"), out.constData());
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/") + token));
        QVERIFY(!QFile::exists(QDir::tempPath() + QLatin1Char('/') + token));
        // A container's image has a folder at the host home's path too (/root).
        if (!kDocker)
            QVERIFY(out.contains("home absent"));
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
        const Outcome o = run(attack(
            QStringLiteral("read_ssh_key.py"),
            {key.fileName(), fakeHome.filePath(QStringLiteral(".ssh")), QDir::homePath() + QStringLiteral("/.ssh")}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY(!o.result->stdoutData.contains(secret));
        QVERIFY(!o.result->stderrData.contains(secret));
        QVERIFY(!o.result->stdoutData.contains("PRIVATE KEY"));
        QVERIFY2(
            o.result->stdoutData.contains((key.fileName() + QStringLiteral(": No such file or directory")).toUtf8()),
            o.result->stdoutData.constData());
    }

    void hostAccountsAreHidden()
    {
        const Outcome o = run(attack(QStringLiteral("read_shadow.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        // The local sandbox has no shadow files at all; an image's own may exist, but the
        // learner may not read them.
        for (const char *path : {"/etc/shadow", "/etc/gshadow", "/etc/sudoers"}) {
            const QByteArray line = "== " + QByteArray(path) + ": ";
            const bool refused = out.contains(line + "No such file or directory")
                || (kDocker && out.contains(line + "Permission denied"));
            QVERIFY2(refused, out.constData());
        }
        // The run's own passwd: the learner (uid 1000 in a container), none of the host's people.
        QVERIFY2(out.contains(kDocker ? "learner:x:1000:1000:" : "learner:x:"), out.constData());
        if (!kDocker) { // the local sandbox's passwd has root and the learner alone
            QVERIFY(!out.contains("daemon:"));
            QVERIFY(!out.contains("nobody:"));
        }
        if (const passwd *me = getpwuid(getuid()); me && getuid() != 0)
            QVERIFY(!out.contains(QByteArray(me->pw_name) + ':'));
        while (const passwd *account = getpwent()) {
            if (account->pw_uid >= 1000 && account->pw_uid != 65534)
                QVERIFY2(!out.contains(QByteArray(account->pw_name) + ':'), account->pw_name);
        }
        endpwent();
        // Nor any password hash of the host's, where this user can read them.
        QFile shadow(QStringLiteral("/etc/shadow"));
        if (shadow.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : shadow.readAll().split('\n')) {
                const QByteArray hash = line.split(':').value(1);
                if (hash.startsWith('$'))
                    QVERIFY(!out.contains(hash));
            }
        }
    }

    void parentEnvironmentStaysOutside()
    {
        // The secret is in the environment the engine itself is made with.
        const QByteArray secret = uniqueToken().toUtf8();
        qputenv("SANDPIT_TEST_SECRET", secret);
        const auto engine = newEngine();
        const Outcome o = run(*engine, attack(QStringLiteral("leak_environment.py")));
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
        // A followed symlink would be the host's /etc/passwd once copied out. In a container,
        // output/ comes back as a tar: the hard link can only be to a file of the container's
        // own tmpfs (here a file the program wrote), so it comes back as the copy it is; the
        // local sandbox's init copies no link at all.
        const Outcome o = run(attack(QStringLiteral("link_artifacts.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("links made\n"));
        QStringList paths;
        for (const Artifact &a : o.result->artifacts)
            paths << QStringLiteral("%1 %2").arg(a.path).arg(a.size);
        QStringList expected{QStringLiteral("ok.txt 4")};
        if (kDocker)
            expected.prepend(QStringLiteral("hardlink.txt 16"));
        QCOMPARE(paths, expected);
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

        const Outcome o = run(
            attack(QStringLiteral("unix_sockets.py"), {QString::fromUtf8(path), QString::fromUtf8(abstractName)}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QList<QByteArray> lines = o.result->stdoutData.trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        for (const QByteArray &line : lines) {
            const QByteArray expected
                = line.startsWith("'\\x00") ? ": failed (Connection refused)" : ": failed (No such file or directory)";
            QVERIFY2(line.endsWith(expected), line.constData());
        }
        QVERIFY(o.result->stdoutData.contains("'/var/run/docker.sock': failed"));
        QVERIFY(!pathListener.wasReached());
        QVERIFY(!abstractListener.wasReached());
    }

    void vsockIsRefused()
    {
        // The test holds a vsock port, when this machine has working vsock at all, and the
        // program tries to bind the same one.
        int fd = socket(AF_VSOCK, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_vm address{};
        address.svm_family = AF_VSOCK;
        address.svm_cid = VMADDR_CID_ANY;
        address.svm_port = VMADDR_PORT_ANY;
        socklen_t size = sizeof address;
        if (fd >= 0
            && (bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
                || getsockname(fd, reinterpret_cast<sockaddr *>(&address), &size) != 0)) {
            close(fd);
            fd = -1;
        }
        const Outcome o
            = run(attack(QStringLiteral("vsock_port.py"), {QString::number(fd >= 0 ? address.svm_port : 1234)}));
        if (fd >= 0)
            close(fd);
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        // Network namespaces do not cover AF_VSOCK, and Docker's profile allows it; the filter
        // refuses every socket family but local, IP and netlink ones.
        QCOMPARE(o.result->stdoutData, QByteArray("vsock: refused\n"));
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
        // The run's processes are host processes: none with the token may be left, so the
        // daemon never gets to write its late file (its second of sleep is long over by the
        // next check, which sees it in no run's output either).
        QVERIFY2(!processWithTokenExists(token), "the daemon outlived the run");
        QVERIFY(o.result->artifacts.isEmpty());
        const Outcome next = run(pythonRequest("import os\nprint(sorted(os.listdir('output')))\n"));
        QVERIFY(next.result);
        QCOMPARE(next.result->stdoutData, QByteArray("[]\n"));
        QVERIFY(!processWithTokenExists(token));
    }

    void killingEveryoneReachesOnlyTheRun()
    {
        // In Docker the bystander runs as uid 1000, the learner's uid in the container: only
        // the pid namespace, not a different user, may keep it safe.
        const QString token = uniqueToken();
        QProcess bystander;
        const QStringList sleeper{QStringLiteral("/usr/bin/python3"), QStringLiteral("-c"),
                                  QStringLiteral("import time; time.sleep(120)"), token};
        if (kDocker && geteuid() == 0) {
            bystander.start(QStringLiteral("setpriv"),
                            QStringList{QStringLiteral("--reuid=1000"), QStringLiteral("--regid=1000"),
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
        const bool survived = bystanderLives() && bystander.state() == QProcess::Running;
        bystander.kill();
        bystander.waitForFinished();
        QVERIFY2(survived, "a host process of the learner's uid was killed from inside the run");
        QVERIFY(o.result);
        QVERIFY2(o.result->stdoutData.endsWith("still here\n"), o.result->stdoutData.constData());
        QVERIFY2(o.result->stdoutData.contains(("kill " + testPid + ": No such process").toUtf8()),
                 o.result->stdoutData.constData());
        // The program outlived its own kill(-1) and ended by itself.
        QVERIFY2(o.result->exitCode == 0, qPrintable(o.result->killDetail));
        QCOMPARE(o.result->killReason, KillReason::None);
    }

    void hostProcessesAreInvisible()
    {
        // The local sandbox: its init and the program alone, and pid 1's folders refused.
        // A container's own pid namespace: init (pid 1, sandpit-seccomp), the program, and
        // at most the open-files watch, against hundreds
        // of processes on the host. Pid 1's folders, where the program may open them, show
        // the container's own root, so they are no way back to the host.
        const Outcome o = run(attack(QStringLiteral("proc_snoop.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        if (!kDocker) {
            QCOMPARE(out,
                     QByteArray("other pids: []\n/proc/1/root Permission denied\n/proc/1/cwd Permission denied\n"
                                "/proc/1/fd Permission denied\n/proc/1/map_files Permission denied\n"));
            return;
        }
        const QRegularExpressionMatch pids
            = QRegularExpression(QStringLiteral("^other pids: \\[([\\d, ]*)\\]\n")).match(QString::fromUtf8(out));
        QVERIFY2(pids.hasMatch(), out.constData());
        QVERIFY2(pids.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts).size() <= 1, out.constData());
        for (const QByteArray &line : out.split('\n')) {
            if (line.startsWith("/proc/1/root ") && !line.endsWith("Permission denied"))
                QVERIFY2(line.contains("'.dockerenv'") && line.contains("'work'"), line.constData());
        }
    }

    void setuidProgramsGainNothing()
    {
        const Outcome o = run(attack(QStringLiteral("setuid_binaries.py")));
        QVERIFY(o.result);
        const QByteArray out = o.result->stdoutData;
        const uid_t learner = kDocker ? DockerContainer::kLearnerUid : geteuid() == 0 ? 65534 : geteuid();
        const QByteArray uid = QByteArray::number(learner);
        QVERIFY2(out.contains("euid before " + uid + "\n") && out.contains("euid after " + uid + "\n"),
                 out.constData());
        // Each fails: in the local sandbox with exit 1, in an image's build of it with its own.
        const QString exitCode = kDocker ? QStringLiteral("[1-9]\\d*") : QStringLiteral("1");
        for (const char *program : {"su", "passwd", "newgrp", "chsh"}) {
            const QString line = QStringLiteral("^%1 exit %2 stdout b''$").arg(QLatin1String(program), exitCode);
            const QRegularExpression failed(line, QRegularExpression::MultilineOption);
            QVERIFY2(failed.match(QString::fromUtf8(out)).hasMatch(), out.constData());
        }
        QVERIFY2(out.contains("'CapPrm:\\t0000000000000000', 'CapEff:\\t0000000000000000', 'NoNewPrivs:\\t1'"),
                 out.constData());
        if (kDocker) {
            // mount(8) without root fails inside; the run ends by itself.
            QCOMPARE(o.result->killReason, KillReason::None);
            QVERIFY(out.endsWith("mount returned\n"));
            return;
        }
        // mount(8) gets no root either, so its mount(2) reaches the local filter.
        QCOMPARE(o.result->killReason, KillReason::BlockedSyscall);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("(mount)")));
        QVERIFY(!out.contains("mount returned"));
    }

    void forgedEndMarkerDoesNotEndTheRun()
    {
        // Not from the corpus: an attack on how a backend learns that a run ended. Docker's
        // launcher prints an end line with a per-run secret; a program that finds the
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

#ifdef SANDPIT_TEST_DOCKER
    // --- what only a container has -------------------------------------------------------

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
#else
    // --- what only the local sandbox has (its own /proc, mounts and /etc) ------------------

    void procTellsNothingOfTheHost()
    {
        const Outcome o = run(attack(QStringLiteral("read_proc_secrets.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QList<QByteArray> lines = o.result->stdoutData.trimmed().split('\n');
        for (const QByteArray &line : lines) {
            if (line.startsWith("mount "))
                QVERIFY2(line.endsWith(" ro"), line.constData());
            else if (line.contains(" write ")) // sysrq-trigger is missing on kernels built without it
                QVERIFY2(line.endsWith("Read-only file system") || line.endsWith("No such file or directory"),
                         line.constData());
            else
                QVERIFY2(line.endsWith(" 0") || line.endsWith("absent or refused"), line.constData());
        }
        // The timer list names the host's processes; it exists on every kernel we run on.
        QVERIFY(lines.contains("/proc/timer_list 0"));
        QVERIFY(lines.contains("mount /proc/sys ro"));
    }

    void hostSubmountsAreReadOnly()
    {
        // As root, a real writable host mount below a read-only system folder, as a data disk
        // under /usr/local would be. An ordinary user cannot plant one, but checks the
        // sandbox's own mount table all the same.
        QString planted;
        const bool root = geteuid() == 0;
        if (root) {
            planted = QStringLiteral("/usr/local/sandpit-submount-") + uniqueToken();
            QVERIFY(QDir().mkpath(planted));
            QVERIFY(QProcess::execute(QStringLiteral("mount"),
                                      {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                       QStringLiteral("mode=1777,size=1m"), QStringLiteral("tmpfs"), planted})
                    == 0);
        }
        const Outcome o
            = run(attack(QStringLiteral("list_writable_mounts.py"), root ? QStringList{planted} : QStringList{}));
        if (root) {
            QCOMPARE(QProcess::execute(QStringLiteral("umount"), {planted}), 0);
            QVERIFY(QDir().rmdir(planted));
        }
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray expected = root ? "submount: Read-only file system\ndone\n" : "done\n";
        QCOMPARE(o.result->stdoutData, expected);
    }

    void tlsPrivateKeysAreHidden()
    {
        const Outcome o = run(attack(QStringLiteral("read_ssl_private.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        QVERIFY2(out.startsWith("certs present\n/etc/ssl/private No such file or directory\n"), out.constData());
        QVERIFY(!out.contains("'private'"));
    }
#endif
};

QTEST_GUILESS_MAIN(TestAttacksEscape)
#include "tst_attacks_escape.moc"
