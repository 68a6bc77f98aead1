// Attacks on the kernel interface: compiled C programs (built with the tests, see
// tests/fixtures/attacks/*.c) that make the system calls the seccomp filter forbids. Each is
// copied into the workspace as an input file and started by a tiny Python launcher, in the
// local sandbox (tst_attacks_kernel) and in a container (tst_attacks_kernel_docker).
//
// In Docker the forbidden calls end the run as "blocked-syscall" too: every container's PID 1
// is sandpit-seccomp's init, under the local sandbox's filter with a kill instead of the local
// init's notification, and every process of the run inherits it, so the detail cannot name
// the call. What the local init alone answers (clone3, the i386 ABI, calls off its allow list)
// is asserted in the local sandbox only.
#include "support/attackharness.h"

#include <QProcess>

#include <csignal>

namespace {
/// A C attack (tests/fixtures/attacks/PROGRAM.c) and the call in it that the filter stops.
struct ForbiddenCall {
    const char *program;
    const char *call;
};
constexpr ForbiddenCall kForbiddenCalls[] = {
    {"ptrace_attach", "ptrace"},
    {"process_vm_readv", "process_vm_readv"},
    {"tiocsti", "ioctl"},
    {"unshare_user", "unshare"},
    {"mount_tmpfs", "mount"},
    {"clone_newnet", "clone"},
    {"keyctl", "keyctl"},
    {"bpf", "bpf"},
    {"perf_event_open", "perf_event_open"},
    {"userfaultfd", "userfaultfd"},
    {"io_uring_setup", "io_uring_setup"},
    // The local sandbox's run of it is foreignAbiIsKilled's.
    {kDocker ? "x32_ptrace" : nullptr, "ptrace"},
};
} // namespace

class TestAttacksKernel : public AttackSuite
{
    Q_OBJECT

private Q_SLOTS:
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
        // The program aborted inside output/, so a core file would have come out as an artifact.
        QVERIFY(o.result->artifacts.isEmpty());
    }

    void forbiddenCallEndsTheRun_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("call");
        for (const auto &[program, call] : kForbiddenCalls) {
            if (program)
                QTest::newRow(program) << QString::fromLatin1(program) << QString::fromLatin1(call);
        }
    }
    void forbiddenCallEndsTheRun()
    {
        QFETCH(QString, program);
        QFETCH(QString, call);
        const Outcome o = run(compiledAttack(program));
        SANDPIT_VERIFY_ENDED(o, KillReason::BlockedSyscall, std::nullopt);
        if (kDocker) {
            // sandpit-seccomp's filter, on top of Docker's profile, kills the program at the
            // call (the kernel takes the strictest of the stacked filters' verdicts).
            QCOMPARE(o.result->signal, SIGSYS);
            QVERIFY2(o.result->killDetail.contains(QStringLiteral("forbids")), qPrintable(o.result->killDetail));
        } else {
            QVERIFY2(o.result->killDetail.contains(QLatin1Char('(') + call + QLatin1Char(')')),
                     qPrintable(o.result->killDetail));
        }
        // The call was refused before the run was stopped: whatever got printed is a failure.
        for (const QByteArray &line : o.result->stdoutData.split('\n')) {
            if (!line.isEmpty())
                QVERIFY2(line.endsWith(": -1"), line.constData());
        }
    }

#ifdef SANDPIT_TEST_DOCKER
    void isolationReportNamesBothFilters()
    {
        const Outcome o = run(attack(QStringLiteral("vsock_port.py"), {QStringLiteral("1234")}));
        QVERIFY(o.result);
        QCOMPARE(o.result->isolation.level, IsolationReport::Level::Full);
        QVERIFY(o.result->isolation.details.join(QLatin1Char(' ')).contains(QStringLiteral("Sandpit's own filter")));
    }
#else
    void foreignAbiIsKilled_data()
    {
        QTest::addColumn<QString>("program");
        for (const char *program : {"int80_syscall", "x32_ptrace"}) // the i386 ABI's int 0x80, the x32 ABI
            QTest::newRow(program) << QString::fromLatin1(program);
    }
    void foreignAbiIsKilled()
    {
        QFETCH(QString, program);
        const Outcome o = run(compiledAttack(program));
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

    void localInitAnswersWithAnError_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QByteArray>("said");
        // clone3 carries its flags in memory the filter cannot read (glibc falls back to clone).
        QTest::newRow("clone3") << QStringLiteral("clone3_enosys") << QByteArray("clone3: -1 ENOSYS\n");
        QTest::newRow("socketpair families")
            << QStringLiteral("socketpair_families")
            << QByteArray("AF_VSOCK: EAFNOSUPPORT\nAF_PACKET: EAFNOSUPPORT\nAF_XDP: EAFNOSUPPORT\nAF_UNIX: pair\n");
        QTest::newRow("call off the allow list")
            << QStringLiteral("unlisted_syscall") << QByteArray("get_mempolicy: -1 ENOSYS\ngetpid: works\n");
    }
    void localInitAnswersWithAnError()
    {
        // A refused call the program can live with: it is told so, and the run goes on.
        QFETCH(QString, program);
        QFETCH(QByteArray, said);
        const Outcome o = run(compiledAttack(program));
        SANDPIT_VERIFY_ENDED(o, KillReason::None, 0);
        QCOMPARE(o.result->stdoutData, said);
    }
#endif
};

QTEST_GUILESS_MAIN(TestAttacksKernel)
#include "tst_attacks_kernel.moc"
