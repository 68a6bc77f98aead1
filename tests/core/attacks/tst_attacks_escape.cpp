// Attacks on the user's files, secrets, network and other processes, each run in the real
// sandbox. What is asserted is what a user would notice: no file on the host, no secret in the
// output, no connection made, no process left running, nothing gained.
#include "support/listener.h"
#include "support/runharness.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>

#include <arpa/inet.h>
#include <cerrno>
#include <linux/vm_sockets.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace SandpitTest;

namespace {

RunRequest attack(const QString &name, const QStringList &arguments = {})
{
    return pythonRequest(fixture(QStringLiteral("attacks/") + name), arguments);
}

} // namespace

class TestAttacksEscape : public QObject
{
    Q_OBJECT

private:
    Outcome run(const RunRequest &request, int timeoutMs = 30000)
    {
        return runToEnd(*m_controller, request, timeoutMs);
    }

    std::unique_ptr<RunController> m_controller;

private Q_SLOTS:
    void init() { m_controller = makeController(); }
    void cleanup() { m_controller.reset(); }

    void writesOutsideTheWorkspaceStayInside()
    {
        const QString token = uniqueToken();
        const QString home = QDir::homePath();
        const Outcome o = run(attack(QStringLiteral("write_outside.py"), {token, home}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        const QByteArray out = o.result->stdoutData;
        for (const QString &folder : {QStringLiteral("/usr"), QStringLiteral("/usr/lib"), QStringLiteral("/etc"),
                                      QStringLiteral("/"), home}) {
            QVERIFY2(out.contains((folder + QStringLiteral(": refused")).toUtf8()), out.constData());
            QVERIFY(!QFile::exists(folder + QLatin1Char('/') + token));
        }
        // The sandbox's /tmp takes the file; the host's /tmp must never see it.
        QVERIFY(out.contains("/tmp: written"));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/") + token));
        QVERIFY(!QFile::exists(QDir::tempPath() + QLatin1Char('/') + token));
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
        QVERIFY2(out.contains("== /etc/shadow: No such file or directory"), out.constData());
        QVERIFY(out.contains("== /etc/gshadow: No such file or directory"));
        QVERIFY(out.contains("== /etc/sudoers: No such file or directory"));
        // The sandbox's own passwd: root and the learner, none of the host's accounts.
        QVERIFY(out.contains("learner:x:"));
        QVERIFY(!out.contains("daemon:"));
        QVERIFY(!out.contains("nobody:"));
        if (const passwd *me = getpwuid(getuid()); me && getuid() != 0)
            QVERIFY(!out.contains(QByteArray(me->pw_name) + ':'));
    }

    void parentEnvironmentStaysOutside()
    {
        const QByteArray secret = uniqueToken().toUtf8();
        qputenv("SANDPIT_TEST_SECRET", secret);
        const Outcome o = run(attack(QStringLiteral("leak_environment.py")));
        qunsetenv("SANDPIT_TEST_SECRET");
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY(o.result->stdoutData.contains("'HOME': '/work'"));
        QVERIFY2(!o.result->stdoutData.contains(secret), "the app's environment reached the program");
        QVERIFY(!o.result->stderrData.contains(secret));
        QVERIFY(!o.result->stdoutData.contains("SANDPIT_TEST_SECRET"));
    }

    void linksInOutputAreNotCopiedOut()
    {
        const Outcome o = run(attack(QStringLiteral("link_artifacts.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("links made\n"));
        QCOMPARE(o.result->artifacts.size(), 1);
        QCOMPARE(o.result->artifacts.at(0).path, QStringLiteral("ok.txt"));
        QCOMPARE(o.result->artifacts.at(0).size, 4);
    }

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

    void desktopSocketsAreUnreachable()
    {
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
        // Paths are missing from the sandbox; abstract names live in the host's network namespace.
        const QList<QByteArray> lines = o.result->stdoutData.trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        for (const QByteArray &line : lines) {
            const QByteArray expected = line.startsWith("'\\x00") ? ": failed (Connection refused)"
                                                                  : ": failed (No such file or directory)";
            QVERIFY2(line.endsWith(expected), line.constData());
        }
        QVERIFY(!pathListener.wasReached());
        QVERIFY(!abstractListener.wasReached());
    }

    void vsockIsNotShared()
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
        const Outcome o = run(attack(QStringLiteral("vsock_port.py"), {QString::number(fd >= 0 ? address.svm_port : 1234)}));
        if (fd >= 0)
            close(fd);
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        // Network namespaces do not cover AF_VSOCK; the filter refuses every socket family
        // but local, IP and netlink ones.
        QVERIFY2(o.result->stdoutData != "vsock: in use\n", o.result->stdoutData.constData());
    }

    void daemonDoesNotOutliveTheRun()
    {
        const QString token = uniqueToken();
        const Outcome o = run(attack(QStringLiteral("daemon_after_run.py"), {token}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->killReason, KillReason::None);
        QVERIFY2(!processWithTokenExists(token), "the daemon outlived the run");
        QVERIFY(o.result->artifacts.isEmpty());
    }

    void killingEveryoneReachesOnlyTheSandbox()
    {
        const QString token = uniqueToken();
        QProcess bystander;
        bystander.start(QStringLiteral("/usr/bin/python3"),
                        {QStringLiteral("-c"), QStringLiteral("import time; time.sleep(120)"), token});
        QVERIFY(bystander.waitForStarted());
        const QString testPid = QString::number(QCoreApplication::applicationPid());
        const Outcome o = run(attack(QStringLiteral("kill_everyone.py"), {testPid}));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY(o.result->stdoutData.endsWith("still here\n"));
        QVERIFY2(o.result->stdoutData.contains(("kill " + testPid + ": No such process").toUtf8()),
                 o.result->stdoutData.constData());
        QCOMPARE(bystander.state(), QProcess::Running);
        QVERIFY(processWithTokenExists(token));
        bystander.kill();
        bystander.waitForFinished();
    }

    void hostProcessesAreInvisible()
    {
        const Outcome o = run(attack(QStringLiteral("proc_snoop.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData,
                 QByteArray("other pids: []\n/proc/1/root Permission denied\n/proc/1/cwd Permission denied\n"
                            "/proc/1/fd Permission denied\n/proc/1/map_files Permission denied\n"));
    }

    void setuidProgramsGainNothing()
    {
        const Outcome o = run(attack(QStringLiteral("setuid_binaries.py")));
        QVERIFY(o.result);
        const QByteArray out = o.result->stdoutData;
        const QByteArray uid = QByteArray::number(geteuid() == 0 ? 65534 : geteuid());
        QVERIFY2(out.contains("euid before " + uid + "\n") && out.contains("euid after " + uid + "\n"), out.constData());
        for (const char *program : {"su", "passwd", "newgrp", "chsh"})
            QVERIFY2(out.contains(QByteArray(program) + " exit 1 stdout b''"), out.constData());
        QVERIFY(out.contains("'CapPrm:\\t0000000000000000', 'CapEff:\\t0000000000000000', 'NoNewPrivs:\\t1'"));
        // mount(8) gets no root either, so its mount(2) reaches the filter.
        QCOMPARE(o.result->killReason, KillReason::BlockedSyscall);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("(mount)")));
        QVERIFY(!out.contains("mount returned"));
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
                QVERIFY2(line.endsWith("Read-only file system") || line.endsWith("No such file or directory"), line.constData());
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
            QVERIFY(QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"),
                                                                QStringLiteral("-o"), QStringLiteral("mode=1777,size=1m"),
                                                                QStringLiteral("tmpfs"), planted})
                    == 0);
        }
        const Outcome o = run(attack(QStringLiteral("list_writable_mounts.py"), root ? QStringList{planted} : QStringList{}));
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
};

QTEST_GUILESS_MAIN(TestAttacksEscape)
#include "tst_attacks_escape.moc"
