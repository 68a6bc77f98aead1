// Attacks on the kernel interface: compiled C programs (built with the tests, see
// tests/fixtures/attacks/*.c) that make the system calls the seccomp filter forbids. Each is
// copied into the workspace as an input file and started by a tiny Python launcher.
#include "support/runharness.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>

#include <csignal>

using namespace SandpitTest;

namespace {
// Starts the compiled attack copied in as ./prog. Python ignores SIGPIPE and SIGXFSZ, and
// ignored signals survive exec: the program gets the defaults back, as if started directly.
constexpr const char *kLauncher = "import os, signal, sys\n"
                                  "signal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"
                                  "signal.signal(signal.SIGXFSZ, signal.SIG_DFL)\n"
                                  "os.execv('./prog', ['prog'] + sys.argv[1:])\n";
} // namespace

class TestAttacksKernel : public QObject
{
    Q_OBJECT

private:
    Outcome run(const RunRequest &request, int timeoutMs = 30000)
    {
        return runToEnd(*m_controller, request, timeoutMs);
    }

    // Beside the test executable, also in the staged copy the unprivileged run uses.
    static QString attackBinary(const QString &name)
    {
        return QCoreApplication::applicationDirPath() + QStringLiteral("/attacks/") + name;
    }

    static RunRequest attack(const QString &name)
    {
        RunRequest request = pythonRequest(kLauncher);
        request.inputFiles = {{attackBinary(name), QStringLiteral("prog")}};
        return request;
    }

    std::unique_ptr<RunController> m_controller;

private Q_SLOTS:
    void initTestCase()
    {
        for (const char *name : {"ptrace_attach", "int80_syscall", "abort_core"})
            QVERIFY2(QFileInfo(attackBinary(QString::fromLatin1(name))).isExecutable(), name);
    }
    void init() { m_controller = makeController(); }
    void cleanup() { m_controller.reset(); }

    void forbiddenCallEndsTheRun_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("call");
        QTest::newRow("ptrace") << QStringLiteral("ptrace_attach") << QStringLiteral("ptrace");
        QTest::newRow("process_vm_readv") << QStringLiteral("process_vm_readv") << QStringLiteral("process_vm_readv");
        QTest::newRow("TIOCSTI") << QStringLiteral("tiocsti") << QStringLiteral("ioctl");
        QTest::newRow("unshare") << QStringLiteral("unshare_user") << QStringLiteral("unshare");
        QTest::newRow("mount") << QStringLiteral("mount_tmpfs") << QStringLiteral("mount");
        QTest::newRow("clone new netns") << QStringLiteral("clone_newnet") << QStringLiteral("clone");
        QTest::newRow("keyctl") << QStringLiteral("keyctl") << QStringLiteral("keyctl");
        QTest::newRow("bpf") << QStringLiteral("bpf") << QStringLiteral("bpf");
        QTest::newRow("perf_event_open") << QStringLiteral("perf_event_open") << QStringLiteral("perf_event_open");
        QTest::newRow("userfaultfd") << QStringLiteral("userfaultfd") << QStringLiteral("userfaultfd");
        QTest::newRow("io_uring_setup") << QStringLiteral("io_uring_setup") << QStringLiteral("io_uring_setup");
    }
    void forbiddenCallEndsTheRun()
    {
        QFETCH(QString, program);
        QFETCH(QString, call);
        const Outcome o = run(attack(program));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::BlockedSyscall);
        QVERIFY2(o.result->killDetail.contains(QLatin1Char('(') + call + QLatin1Char(')')), qPrintable(o.result->killDetail));
        QCOMPARE(o.result->exitCode, std::nullopt);
        // The call was refused before the run was stopped: whatever got printed is a failure.
        for (const QByteArray &line : o.result->stdoutData.split('\n')) {
            if (!line.isEmpty())
                QVERIFY2(line.endsWith(": -1"), line.constData());
        }
    }

    void foreignAbiIsKilled_data()
    {
        QTest::addColumn<QString>("program");
        QTest::newRow("i386 int 0x80") << QStringLiteral("int80_syscall");
        QTest::newRow("x32 ptrace") << QStringLiteral("x32_ptrace");
    }
    void foreignAbiIsKilled()
    {
        QFETCH(QString, program);
        const Outcome o = run(attack(program));
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray());
        // Some kernels (PVM guests among them) turn int 0x80 into a general protection fault
        // for every process: the sandbox can only show what happens outside it too.
        if (o.result->signal == SIGSEGV) {
            QProcess outside;
            outside.start(attackBinary(program));
            QVERIFY(outside.waitForFinished(10000));
            QCOMPARE(outside.exitStatus(), QProcess::CrashExit);
            QCOMPARE(outside.exitCode(), SIGSEGV);
            QCOMPARE(o.result->killReason, KillReason::Signal);
            return;
        }
        QCOMPARE(o.result->killReason, KillReason::BlockedSyscall);
        QCOMPARE(o.result->signal, SIGSYS);
    }

    void clone3FailsWithEnosys()
    {
        const Outcome o = run(attack(QStringLiteral("clone3_enosys")));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("clone3: -1 ENOSYS\n"));
    }

    void socketpairFamiliesAreFiltered()
    {
        const Outcome o = run(attack(QStringLiteral("socketpair_families")));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData,
                 QByteArray("AF_VSOCK: EAFNOSUPPORT\nAF_PACKET: EAFNOSUPPORT\nAF_XDP: EAFNOSUPPORT\nAF_UNIX: pair\n"));
    }

    void callOffTheAllowListFailsWithEnosys()
    {
        const Outcome o = run(attack(QStringLiteral("unlisted_syscall")));
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("get_mempolicy: -1 ENOSYS\ngetpid: works\n"));
    }

    void abortLeavesNoCoreDump()
    {
        RunRequest request = attack(QStringLiteral("abort_core"));
        request.limits.memoryBytes = 512LL * 1024 * 1024;
        const Outcome o = run(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->killReason, KillReason::Signal);
        QCOMPARE(o.result->signal, SIGABRT);
        QVERIFY(o.result->killDetail.contains(QStringLiteral("SIGABRT")));
        QCOMPARE(o.result->stdoutData, QByteArray("child: signal 6, core dumped: no\n"));
        // The program aborted inside output/, so a core file would have come out as an artifact.
        QVERIFY(o.result->artifacts.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAttacksKernel)
#include "tst_attacks_kernel.moc"
