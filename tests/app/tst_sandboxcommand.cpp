// `sandpit sandbox …` as a user types it, against the real Docker daemon: create, exec with
// arguments and the command's exit status, piped stdin to its end (Docker and local) and a
// writer held back by a command that does not read it, a failed
// connection in logs --network, the kill reason on stderr, an interactive shell on a pty the
// test opens, logs and logs --follow, start after stop, list --json, rm leaving no container,
// and the messages for an unknown name, a name taken and a missing image. Needs dockerd and
// the offline images sandpit-offline/bash:5 and python:3.11.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <poll.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "../support/loopbackserver.h"
#include "sandpitprocess.h"

namespace {
constexpr int kTimeoutMs = 60000;
const QString kBash = QStringLiteral("sandpit-offline/bash:5");
const QString kPython = QStringLiteral("sandpit-offline/python:3.11");

/// Reads `fd` until `wanted` has arrived or `timeoutMs` passed; what was read.
QByteArray readUntil(int fd, const QByteArray &wanted, int timeoutMs)
{
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    while (!seen.contains(wanted) && clock.elapsed() < timeoutMs) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0)
            continue;
        char buffer[4096];
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0)
            break;
        seen.append(buffer, n);
    }
    return seen;
}

/// Types `keys` on the terminal and reads until `wanted` comes back.
QByteArray typeAndRead(int master, const QByteArray &keys, const QByteArray &wanted)
{
    if (::write(master, keys.constData(), size_t(keys.size())) != keys.size())
        return {};
    return readUntil(master, wanted, kTimeoutMs);
}
} // namespace

class TestSandboxCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QStringList m_made;
    int m_count = 0;

    QProcessEnvironment environment() const { return SandpitProcess::homeEnvironment(m_home); }
    SandpitProcess sandbox(const QStringList &arguments) const
    {
        return SandpitProcess::sandbox(arguments, environment(), kTimeoutMs);
    }
    QString create(const QString &image, const QStringList &options = {})
    {
        const QString name = QStringLiteral("tstcli-%1-%2").arg(::getpid()).arg(++m_count);
        const SandpitProcess made
            = sandbox(QStringList{QStringLiteral("create"), name, QStringLiteral("--image"), image} + options);
        if (made.exitCode != 0)
            qWarning("create failed: %s", made.err.constData());
        m_made << name;
        return name;
    }
    static QStringList dockerNames(const QString &name)
    {
        QProcess docker;
        docker.start(QStringLiteral("docker"),
                     {QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
                      QStringLiteral("name=^/sandpit-%1$").arg(name), QStringLiteral("-q")});
        docker.waitForFinished(30000);
        return QString::fromUtf8(docker.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_home.isValid()); }

    void cleanupTestCase()
    {
        for (const QString &name : std::as_const(m_made))
            sandbox({QStringLiteral("rm"), name});
    }

    void execGivesOutputArgumentsAndStatus()
    {
        const QString name = create(kBash);
        const SandpitProcess o = sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("sh"),
                                          QStringLiteral("-c"), QStringLiteral("echo \"<$1>\"; echo warn >&2; exit 3"),
                                          QStringLiteral("sh"), QStringLiteral("two words")});
        QCOMPARE(o.exitCode, 3);
        QCOMPARE(o.out, QByteArray("<two words>\n"));
        QCOMPARE(o.err, QByteArray("warn\n"));
        // Files stay between commands.
        QCOMPARE(sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("sh"),
                          QStringLiteral("-c"), QStringLiteral("echo 5 > n")})
                     .exitCode,
                 0);
        QCOMPARE(
            sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("n")})
                .out,
            QByteArray("5\n"));
    }

    void execPassesPipedStdinToItsEnd_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("docker") << QStringList{QStringLiteral("--image"), kPython};
        QTest::newRow("local") << QStringList{QStringLiteral("--local")};
    }

    /// `printf … | sandpit sandbox exec`: the command reads what was piped, and its end.
    void execPassesPipedStdinToItsEnd()
    {
        QFETCH(QStringList, options);
        const QString name = QStringLiteral("tstcli-%1-%2").arg(::getpid()).arg(++m_count);
        QCOMPARE(sandbox(QStringList{QStringLiteral("create"), name} + options).exitCode, 0);
        m_made << name;
        const auto exec = [&](const QStringList &command, const QByteArray &input) {
            return SandpitProcess::run(
                QStringList{QStringLiteral("sandbox"), QStringLiteral("exec"), name, QStringLiteral("--")} + command,
                environment(), kTimeoutMs, QStringLiteral("sandpit-cli"), input);
        };
        const SandpitProcess sum = exec(
            {QStringLiteral("python3"), QStringLiteral("-c"), QStringLiteral("print(int(input()) + int(input()))")},
            "3\n4\n");
        QCOMPARE(sum.exitCode, 0);
        QCOMPARE(sum.out, QByteArray("7\n"));
        // cat ends only when it reads end-of-file.
        const SandpitProcess cat = exec({QStringLiteral("cat")}, "a\nb\n");
        QCOMPARE(cat.exitCode, 0);
        QCOMPARE(cat.out, QByteArray("a\nb\n"));
        QByteArray large(3 * 1024 * 1024 + 7, '\0');
        for (qsizetype i = 0; i < large.size(); ++i)
            large[i] = char((i * 7919) % 251);
        const SandpitProcess counted = exec({QStringLiteral("wc"), QStringLiteral("-c")}, large);
        QCOMPARE(counted.exitCode, 0);
        QCOMPARE(counted.out.trimmed(), QByteArray::number(large.size()));
        const QByteArray binary("a\0b\0\xff\x01end", 10);
        const SandpitProcess echoed = exec({QStringLiteral("cat")}, binary);
        QCOMPARE(echoed.exitCode, 0);
        QCOMPARE(echoed.out, binary);
        const SandpitProcess nothing = exec({QStringLiteral("cat")}, QByteArray());
        QCOMPARE(nothing.exitCode, 0);
        QCOMPARE(nothing.out, QByteArray());
    }

    void execHoldsBackAWriterTheCommandDoesNotRead_data() { execPassesPipedStdinToItsEnd_data(); }

    /// A gigabyte piped to a command that never reads: sandpit holds about a megabyte of it
    /// and the writer waits, as for any slow reader, instead of sandpit growing by the gigabyte.
    void execHoldsBackAWriterTheCommandDoesNotRead()
    {
        QFETCH(QStringList, options);
        const QString name = QStringLiteral("tstcli-%1-%2").arg(::getpid()).arg(++m_count);
        QCOMPARE(sandbox(QStringList{QStringLiteral("create"), name} + options).exitCode, 0);
        m_made << name;
        QProcess shell;
        shell.setProcessEnvironment(environment());
        shell.start(QStringLiteral("/bin/sh"),
                    {QStringLiteral("-c"),
                     QStringLiteral("head -c 1073741824 /dev/zero | \"$0\" sandbox exec \"$1\" -- sh -c 'sleep 3; echo slept'"),
                     QStringLiteral(SANDPIT_BIN_DIR "/sandpit-cli"), name});
        QVERIFY(shell.waitForFinished(kTimeoutMs));
        QVERIFY2(shell.exitCode() == 0, shell.readAllStandardError().constData());
        QCOMPARE(shell.readAllStandardOutput(), QByteArray("slept\n"));
        // The largest peak of any process this test has waited for, sandpit-cli's included.
        rusage usage {};
        QCOMPARE(::getrusage(RUSAGE_CHILDREN, &usage), 0);
        QVERIFY2(usage.ru_maxrss < 100 * 1024, qPrintable(QStringLiteral("peak %1 KiB").arg(usage.ru_maxrss)));
    }

    /// A listed host:port on which nothing listens: `logs --network` says the connection
    /// failed and why, not that it was reached.
    void logsNetworkTellsAFailedConnectionFromAMadeOne()
    {
        const SandpitTest::RefusingPort refusing;
        const QString destination = QStringLiteral("127.0.0.1:%1").arg(refusing.port());
        const QString name = create(kPython, {QStringLiteral("--allow-net"), destination});
        const QString connect = QStringLiteral("import socket\n"
                                               "s = socket.create_connection(('127.0.0.1', 3128))\n"
                                               "s.sendall(b'CONNECT %1 HTTP/1.1\\r\\n\\r\\n')\n"
                                               "print(s.recv(200).split(b'\\r\\n')[0].decode())\n")
                                    .arg(destination);
        const SandpitProcess tried = sandbox({QStringLiteral("exec"), name, QStringLiteral("--"),
                                              QStringLiteral("python3"), QStringLiteral("-c"), connect});
        QVERIFY2(tried.out.startsWith("HTTP/1.1 502"), tried.out + tried.err);
        const SandpitProcess logged = sandbox({QStringLiteral("logs"), name, QStringLiteral("--network")});
        QCOMPARE(logged.exitCode, 0);
        QCOMPARE(logged.out, QStringLiteral("failed %1 (refused)\n").arg(destination).toUtf8());
    }

    void execSaysTheKillReason()
    {
        const QString name = create(kPython, {QStringLiteral("--memory"), QStringLiteral("64")});
        const SandpitProcess o
            = sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("python3"),
                       QStringLiteral("-c"), QStringLiteral("b = bytearray(200 * 1024 * 1024); print('survived')")});
        QCOMPARE(o.exitCode, 128 + SIGKILL);
        QVERIFY(!o.out.contains("survived"));
        QVERIFY2(o.err.contains("[sandpit]") && o.err.contains("64 MB"), o.err.constData());
    }

    void shellRunsOnTheUsersTerminal()
    {
        const QString name = create(kBash);
        int master = -1;
        winsize size{30, 100, 0, 0};
        const QByteArray program = QByteArrayLiteral(SANDPIT_BIN_DIR "/sandpit-cli");
        const QByteArray nameBytes = name.toUtf8();
        QProcessEnvironment env = environment();
        const QByteArray state = env.value(QStringLiteral("XDG_STATE_HOME")).toUtf8();
        const pid_t pid = ::forkpty(&master, nullptr, nullptr, &size);
        QVERIFY(pid >= 0);
        if (pid == 0) {
            ::setenv("XDG_STATE_HOME", state.constData(), 1);
            ::execl(program.constData(), "sandpit-cli", "sandbox", "shell", nameBytes.constData(), nullptr);
            ::_exit(127);
        }
        const QByteArray prompt = readUntil(master, "$ ", kTimeoutMs);
        QVERIFY2(prompt.contains("$ "), prompt.constData());
        const QByteArray typed = "echo $((6*7)); stty size\r";
        QCOMPARE(::write(master, typed.constData(), size_t(typed.size())), ssize_t(typed.size()));
        const QByteArray answer = readUntil(master, "30 100", kTimeoutMs);
        QVERIFY2(answer.contains("42\r\n"), answer.constData());
        // The pty inside has this terminal's size.
        QVERIFY2(answer.contains("30 100"), answer.constData());
        // A window-size change reaches the pty inside (SIGWINCH -> resizeTerminal).
        winsize bigger{40, 120, 0, 0};
        QVERIFY(::ioctl(master, TIOCSWINSZ, &bigger) == 0);
        const QByteArray resized = typeAndRead(master, "stty size\r", "40 120");
        QVERIFY2(resized.contains("40 120"), resized.constData());
        // Ctrl+C interrupts the program in the sandbox, not the shell or the sandbox.
        typeAndRead(master, "sleep 300\r", "sleep 300");
        const QByteArray interrupted = typeAndRead(master, "\x03", "$ ");
        QVERIFY2(interrupted.contains("$ "), interrupted.constData());
        const QByteArray goesOn = typeAndRead(master, "echo still-$((1+1))\r", "still-2");
        QVERIFY2(goesOn.contains("still-2"), goesOn.constData());
        QCOMPARE(::write(master, "exit 4\r", 7), ssize_t(7));
        readUntil(master, "never", 3000);
        int status = 0;
        QCOMPARE(::waitpid(pid, &status, 0), pid);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 4);
        // Its terminal is as a new pty starts, line editing and echo on: raw mode undone.
        termios after{};
        QVERIFY(::tcgetattr(master, &after) == 0);
        QCOMPARE(after.c_lflag & (ICANON | ECHO | ISIG), tcflag_t(ICANON | ECHO | ISIG));
        ::close(master);
    }

    void shellNeedsATerminal()
    {
        const QString name = create(kBash);
        const SandpitProcess o
            = SandpitProcess::run({QStringLiteral("sandbox"), QStringLiteral("shell"), name}, environment(), kTimeoutMs,
                                  QStringLiteral("sandpit-cli"), QByteArray("echo hi\n"));
        QCOMPARE(o.exitCode, 125);
        QVERIFY2(o.err.contains("needs a terminal"), o.err.constData());
    }

    void logsFollowSeesLaterCommands()
    {
        const QString name = create(kBash);
        sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("echo"), QStringLiteral("early")});
        const SandpitProcess logs = sandbox({QStringLiteral("logs"), name});
        QCOMPARE(logs.exitCode, 0);
        QVERIFY2(logs.out.contains("early\n"), logs.out.constData());

        LogFollower follower(name, environment());
        QProcess &follow = follower.process();
        const QByteArray &followed = follower.out();
        QTRY_VERIFY_WITH_TIMEOUT(followed.contains("early"), kTimeoutMs);
        sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("echo"), QStringLiteral("later")});
        QTRY_VERIFY_WITH_TIMEOUT(followed.contains("later\n"), kTimeoutMs);
        follow.terminate();
        QTRY_COMPARE_WITH_TIMEOUT(follow.state(), QProcess::NotRunning, kTimeoutMs);
        QCOMPARE(follow.exitCode(), 0);
    }

    void listJsonDescribesEachSandbox()
    {
        const QString name = create(kBash,
                                    {QStringLiteral("--memory"), QStringLiteral("96"), QStringLiteral("--label"),
                                     QStringLiteral("course=cs101")});
        const SandpitProcess o = sandbox({QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(o.exitCode, 0);
        QJsonObject found;
        for (const QJsonValue &value : QJsonDocument::fromJson(o.out).array()) {
            if (value.toObject().value(QLatin1String("name")).toString() == name)
                found = value.toObject();
        }
        QVERIFY2(!found.isEmpty(), o.out.constData());
        QCOMPARE(found.value(QLatin1String("backend")).toString(), QStringLiteral("docker"));
        QCOMPARE(found.value(QLatin1String("state")).toString(), QStringLiteral("running"));
        QCOMPARE(found.value(QLatin1String("image")).toString(), kBash);
        QCOMPARE(found.value(QLatin1String("memory_limit_bytes")).toInteger(), 96LL * 1024 * 1024);
        QVERIFY(found.value(QLatin1String("memory_bytes")).toInteger() > 0);
        QVERIFY(QDateTime::fromString(found.value(QLatin1String("since")).toString(), Qt::ISODate).isValid());
        QCOMPARE(found.value(QLatin1String("labels")).toObject().value(QLatin1String("course")).toString(),
                 QStringLiteral("cs101"));
        QVERIFY(
            found.value(QLatin1String("owner")).toString().startsWith(QString::number(::getuid()) + QLatin1Char('@')));
        // The command line that made it has ended: its owner is gone, and it is shown anyway.
        QCOMPARE(found.value(QLatin1String("owner_gone")).toBool(), true);
        const SandpitProcess table = sandbox({QStringLiteral("list")});
        QVERIFY2(table.out.startsWith("NAME") && table.out.contains(name.toUtf8()), table.out.constData());
    }

    void startBringsAStoppedSandboxBack()
    {
        const QString name = create(kBash);
        QCOMPARE(sandbox({QStringLiteral("stop"), name}).exitCode, 0);
        const SandpitProcess started = sandbox({QStringLiteral("start"), name});
        QVERIFY2(started.exitCode == 0, started.err.constData());
        const SandpitProcess ran = sandbox(
            {QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("echo"), QStringLiteral("back")});
        QCOMPARE(ran.out, QByteArray("back\n"));
        const SandpitProcess twice = sandbox({QStringLiteral("start"), name});
        QCOMPARE(twice.exitCode, 125);
        QVERIFY2(twice.err.contains("running already"), twice.err.constData());
        QCOMPARE(dockerNames(name).size(), 1); // the same container, not a second one
    }

    void removeLeavesNoContainer()
    {
        const QString name = create(kBash);
        QCOMPARE(dockerNames(name).size(), 1);
        QCOMPARE(sandbox({QStringLiteral("stop"), name}).exitCode, 0);
        QCOMPARE(sandbox({QStringLiteral("rm"), name}).exitCode, 0);
        QVERIFY(dockerNames(name).isEmpty());
        const SandpitProcess gone
            = sandbox({QStringLiteral("exec"), name, QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(gone.exitCode, 125);
        QVERIFY2(gone.err.contains("There is no sandbox named"), gone.err.constData());
    }

    void badInputIsSaidClearly()
    {
        const QString name = create(kBash);
        const SandpitProcess taken = sandbox({QStringLiteral("create"), name, QStringLiteral("--image"), kBash});
        QCOMPARE(taken.exitCode, 125);
        QVERIFY2(taken.err.contains("exists already"), taken.err.constData());
        const SandpitProcess missing
            = sandbox({QStringLiteral("create"), name + QStringLiteral("-x"), QStringLiteral("--image"),
                       QStringLiteral("sandpit-offline/nothing:0")});
        QCOMPARE(missing.exitCode, 125);
        QVERIFY2(missing.err.contains("sandpit-offline/nothing:0 is not available"), missing.err.constData());
        QVERIFY(dockerNames(name + QStringLiteral("-x")).isEmpty());
        for (const char *word : {"logs", "stop", "kill", "rm", "shell"}) {
            const SandpitProcess unknown = sandbox({QString::fromLatin1(word), QStringLiteral("no-such-box")});
            QCOMPARE(unknown.exitCode, 125);
            QVERIFY2(unknown.err.contains("There is no sandbox named no-such-box"), unknown.err.constData());
        }
        const SandpitProcess portless = sandbox({QStringLiteral("create"), name + QStringLiteral("-n"),
                                                 QStringLiteral("--allow-net"), QStringLiteral("example.org")});
        QCOMPARE(portless.exitCode, 2);
        QVERIFY2(portless.err.contains("The allowed network destination \"example.org\" has no port."),
                 portless.err.constData());
        QVERIFY(dockerNames(name + QStringLiteral("-n")).isEmpty());
        QCOMPARE(sandbox({QStringLiteral("exec"), name}).exitCode, 2); // no command after --
        const SandpitProcess unknownCommand = sandbox({QStringLiteral("frobnicate")});
        QCOMPARE(unknownCommand.exitCode, 2);
        QVERIFY2(unknownCommand.err.contains("'frobnicate' is not a sandbox command"), unknownCommand.err.constData());
        const SandpitProcess help = sandbox({QStringLiteral("help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("sandpit sandbox exec NAME -- CMD"), help.out.constData());
        QVERIFY2(help.out.contains("sandpit sandbox COMMAND --help says more"), help.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestSandboxCommand)
#include "tst_sandboxcommand.moc"
