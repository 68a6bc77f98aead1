// `sandpit run --stdin -`: what the program gets from this process's stdin when nobody types
// into it (a job in the terminal's background) and when far more comes than it reads.
#include <QProcess>
#include <QTest>

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#include "clitest.h"

namespace {
constexpr char kReadAll[] = "import sys\nprint('read', len(sys.stdin.read()))\n";
constexpr int kStoppedStatus = 99; // what the session leader exits with when sandpit was stopped

/// A NUL-ended argv/envp made before fork, so the child only calls async-signal-safe functions.
struct CStrings {
    explicit CStrings(const QStringList &strings)
    {
        for (const QString &s : strings)
            storage.push_back(s.toLocal8Bit());
        for (QByteArray &s : storage)
            pointers.push_back(s.data());
        pointers.push_back(nullptr);
    }
    std::vector<QByteArray> storage;
    std::vector<char *> pointers;
};
} // namespace

class TestCliStdin : public CliTest
{
    Q_OBJECT

    /// Runs `sandpit ARGUMENTS…` with a terminal of its own as stdin, in a process group that
    /// is not the terminal's foreground one (as `sandpit … &` in a shell), with a line typed on
    /// that terminal; its stdout and stderr go to `outPath`. Returns its exit status, or
    /// kStoppedStatus when it was stopped for reading the terminal (SIGTTIN).
    int runInBackgroundOfTerminal(const QStringList &arguments, const QString &outPath) const
    {
        const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
        if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0)
            return -1;
        const QByteArray slave = ::ptsname(master);
        const int out = ::open(QFile::encodeName(outPath).constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const QByteArray program = QByteArrayLiteral(SANDPIT_BIN_DIR "/sandpit");
        CStrings argv(QStringList{QString::fromLocal8Bit(program)} + arguments);
        CStrings envp(environment().toStringList());
        const pid_t leader = ::fork();
        if (leader == 0) {
            // A session leader whose terminal it is; sandpit goes in a group of its own.
            ::setsid();
            const int terminal = ::open(slave.constData(), O_RDWR);
            const pid_t child = ::fork();
            if (child == 0) {
                ::setpgid(0, 0);
                ::dup2(terminal, STDIN_FILENO);
                ::dup2(out, STDOUT_FILENO);
                ::dup2(out, STDERR_FILENO);
                ::execve(program.constData(), argv.pointers.data(), envp.pointers.data());
                ::_exit(127);
            }
            int status = 0;
            ::waitpid(child, &status, WUNTRACED);
            if (WIFSTOPPED(status)) {
                ::kill(child, SIGKILL);
                ::waitpid(child, &status, 0);
                ::_exit(kStoppedStatus);
            }
            ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 98);
        }
        ::close(out);
        const char typed[] = "typed\n";
        (void)!::write(master, typed, sizeof typed - 1);
        int status = 0;
        ::waitpid(leader, &status, 0);
        ::close(master);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private Q_SLOTS:
    void aBackgroundJobGetsEndOfFileInsteadOfStopping()
    {
        const QString program = writeFile(QStringLiteral("readall.py"), kReadAll);
        const QString outPath = m_dir->filePath(QStringLiteral("out.txt"));
        const int status = runInBackgroundOfTerminal({QStringLiteral("run"), QStringLiteral("--stdin"),
                                                      QStringLiteral("-"), program},
                                                     outPath);
        QFile out(outPath);
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QByteArray printed = out.readAll();
        QVERIFY2(status != kStoppedStatus, "sandpit was stopped reading a terminal it does not own (SIGTTIN)");
        QVERIFY2(status == 0, printed.constData());
        QVERIFY2(printed.contains("read 0\n"), printed.constData());
    }

    // A gigabyte written to a program that never reads: sandpit holds about a megabyte of it,
    // and the writer waits, as for any slow reader.
    void aProgramThatDoesNotReadHoldsTheWriterBack()
    {
        const QString program
            = writeFile(QStringLiteral("sleeps.py"), "import time\ntime.sleep(3)\nprint('slept')\n");
        QProcess shell;
        shell.setProcessEnvironment(environment());
        shell.start(QStringLiteral("/bin/sh"),
                    {QStringLiteral("-c"), QStringLiteral("head -c 1073741824 /dev/zero | \"$0\" run --stdin - \"$1\""),
                     QStringLiteral(SANDPIT_BIN_DIR "/sandpit"), program});
        QVERIFY(shell.waitForFinished(kRunTimeoutMs));
        QVERIFY2(shell.exitCode() == 0, shell.readAllStandardError().constData());
        QVERIFY(shell.readAllStandardOutput().contains("slept"));
        // The largest peak of any process this test has waited for, sandpit's included.
        rusage usage {};
        QCOMPARE(::getrusage(RUSAGE_CHILDREN, &usage), 0);
        QVERIFY2(usage.ru_maxrss < 100 * 1024, qPrintable(QStringLiteral("peak %1 KiB").arg(usage.ru_maxrss)));
    }
};

QTEST_GUILESS_MAIN(TestCliStdin)
#include "tst_clistdin.moc"
