// The run's verdict (endreport.cpp): from init's last record and the supervisor's own stop,
// the one kill reason, the limits met, and what the run used, as the engine reads them back
// (core/helperreport.cpp) into the result the learner sees.

#include "local/helperreport.h"

#include "cgroup.h"
#include "endreport.h"
#include "initrecord.h"
#include "protocol.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstring>
#include <memory>

using namespace Sandpit;
using Helper::InitRecord;
using Helper::StopReason;

namespace {

// A raw wait status, as waitpid() gives it.
int exitedWith(int code)
{
    return code << 8;
}

int killedBy(int signal)
{
    return signal;
}

InitRecord endedWith(int waitStatus)
{
    InitRecord record;
    record.kind = InitRecord::ProgramEnded;
    record.waitStatus = waitStatus;
    return record;
}

} // namespace

class TestHelperRunEnd : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    // A fresh group of the run's own, as the helper has one (or, without cgroups, none):
    // either way it has counted nothing, so init's record alone decides.
    std::unique_ptr<Helper::Cgroup> m_cgroup;
    Helper::Options m_run;

    // Writes the verdict as the supervisor does, and reads it back as the engine does.
    Core::HelperReport roundTrip(const Helper::RunEnd &end)
    {
        Helper::Report report;
        Helper::writeRunEnd(report, end, m_run, *m_cgroup);
        const std::string path = m_dir.filePath(QStringLiteral("report")).toStdString();
        if (!report.writeTo(path))
            qFatal("cannot write the report");
        QFile file(QString::fromStdString(path));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read the report");
        return Core::HelperReport::parse(file.readAll());
    }

    Core::RunResult resultOf(const Helper::RunEnd &end)
    {
        Core::RunResult result;
        if (!roundTrip(end).applyTo(result))
            qWarning("the engine refused the report");
        return result;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cgroup = std::make_unique<Helper::Cgroup>();
        m_run.cpuMs = 2000;
    }

    void aProgramThatEndsByItselfKeepsItsExitCode()
    {
        const InitRecord record = endedWith(exitedWith(3));
        const Core::RunResult result = resultOf({record, true, 1'234'000});
        QCOMPARE(result.exitCode, 3);
        QCOMPARE(result.signal, std::nullopt);
        QCOMPARE(result.killReason, Core::KillReason::None);
        QVERIFY(result.limitsReached.isEmpty());
    }

    void theKillReasonIsTheOneThatStoppedTheRun_data()
    {
        QTest::addColumn<int>("waitStatus");
        QTest::addColumn<int>("supervisorStop");
        QTest::addColumn<int>("initStop");
        QTest::addColumn<qint64>("cpuUs");
        QTest::addColumn<Core::KillReason>("reason");
        QTest::addColumn<int>("signal");
        const int none = int(StopReason::None);
        QTest::newRow("time limit") << killedBy(SIGKILL) << int(StopReason::Timeout) << 0 << 0LL
                                    << Core::KillReason::Timeout << SIGKILL;
        // Stopped although it had exited by the time init reaped it: still the supervisor's stop.
        QTest::newRow("output limit, exited meanwhile")
            << exitedWith(0) << int(StopReason::OutputLimit) << 0 << 0LL << Core::KillReason::OutputLimit << SIGKILL;
        QTest::newRow("Stop pressed") << killedBy(SIGKILL) << int(StopReason::Cancelled) << 0 << 0LL
                                      << Core::KillReason::Cancelled << SIGKILL;
        QTest::newRow("cgroup OOM") << killedBy(SIGKILL) << int(StopReason::Memory) << 0 << 0LL
                                    << Core::KillReason::Memory << SIGKILL;
        QTest::newRow("init saw the memory")
            << killedBy(SIGKILL) << none << int(InitRecord::Memory) << 0LL << Core::KillReason::Memory << SIGKILL;
        QTest::newRow("init saw a fork bomb") << killedBy(SIGKILL) << none << int(InitRecord::ProcessLimit) << 0LL
                                              << Core::KillReason::ProcessLimit << SIGKILL;
        QTest::newRow("SIGXCPU") << killedBy(SIGXCPU) << none << 0 << 100LL << Core::KillReason::CpuTime << SIGXCPU;
        QTest::newRow("hard CPU limit") << killedBy(SIGKILL) << none << 0 << 2'000'000LL << Core::KillReason::CpuTime
                                        << SIGKILL;
        QTest::newRow("SIGKILL short of the CPU limit")
            << killedBy(SIGKILL) << none << 0 << 1'999'999LL << Core::KillReason::Signal << SIGKILL;
        QTest::newRow("file size") << killedBy(SIGXFSZ) << none << 0 << 0LL << Core::KillReason::FileSize << SIGXFSZ;
        QTest::newRow("foreign ABI") << killedBy(SIGSYS) << none << 0 << 0LL << Core::KillReason::BlockedSyscall
                                     << SIGSYS;
        QTest::newRow("segfault") << killedBy(SIGSEGV) << none << 0 << 0LL << Core::KillReason::Signal << SIGSEGV;
    }

    void theKillReasonIsTheOneThatStoppedTheRun()
    {
        QFETCH(int, waitStatus);
        QFETCH(int, supervisorStop);
        QFETCH(int, initStop);
        QFETCH(qint64, cpuUs);
        QFETCH(Core::KillReason, reason);
        QFETCH(int, signal);
        InitRecord record = endedWith(waitStatus);
        record.stop = initStop;
        record.cpuUs = cpuUs;
        const Core::RunResult result = resultOf({record, true, 0, StopReason(supervisorStop)});
        QCOMPARE(result.killReason, reason);
        QCOMPARE(result.exitCode, std::nullopt);
        QCOMPARE(result.signal, signal);
    }

    void aBlockedCallIsNamed()
    {
        InitRecord record = endedWith(killedBy(SIGKILL));
        record.stop = InitRecord::BlockedSyscall;
        std::strcpy(record.detail, "ptrace");
        const Core::HelperReport report = roundTrip({record, true, 0});
        Core::RunResult result;
        QVERIFY(report.applyTo(result));
        QCOMPARE(result.killReason, Core::KillReason::BlockedSyscall);
        QCOMPARE(report.value(Helper::Protocol::kKillDetail), QStringLiteral("ptrace"));
    }

    // The limits met are told apart from the one that stopped the run, which the kill reason
    // already says.
    void limitsMetLeaveOutTheKillReason()
    {
        InitRecord record = endedWith(killedBy(SIGKILL));
        record.stop = InitRecord::ProcessLimit;
        record.limitsReached = InitRecord::ReachedProcesses | InitRecord::ReachedFileSize | InitRecord::ReachedDiskFull
            | InitRecord::ReachedOpenFiles;
        const Core::RunResult result = resultOf({record, true, 0});
        QCOMPARE(result.killReason, Core::KillReason::ProcessLimit);
        QCOMPARE(result.limitsReached, (QStringList{"file-size", "open-files", "disk-full"}));
    }

    void whatTheRunUsedIsReported()
    {
        InitRecord record = endedWith(exitedWith(0));
        record.cpuUs = 456'789;
        record.peakRssBytes = 10 << 20;
        record.peakTotalBytes = 30 << 20; // several processes, together
        record.artifactsTruncated = 1;
        Helper::RunEnd end{record, true, 5'000'000};
        end.inputWaitUs = 3'000'000;
        end.stdoutBytes = 12;
        end.stderrBytes = 34;
        end.truncated = "stderr";
        const Core::HelperReport report = roundTrip(end);
        Core::RunResult result;
        QVERIFY(report.applyTo(result));
        QCOMPARE(result.wallMs, 5000);
        QCOMPARE(result.inputWaitMs, 3000);
        QCOMPARE(result.cpuMs, 456);
        QCOMPARE(result.peakMemoryBytes, 30 << 20);
        QVERIFY(result.artifactsLeftBehind);
        QCOMPARE(report.number(Helper::Protocol::kStdoutBytes), 12);
        QCOMPARE(report.number(Helper::Protocol::kStderrBytes), 34);
        QCOMPARE(report.value(Helper::Protocol::kOutputTruncated), QStringLiteral("stderr"));
    }

    void aRunThatNeverWaitedSaysNothingOfWaits()
    {
        const InitRecord record = endedWith(exitedWith(0));
        const Core::HelperReport report = roundTrip({record, true, 1000});
        QVERIFY(!report.has(Helper::Protocol::kInputWaitUs));
        QVERIFY(!report.has(Helper::Protocol::kOutputTruncated));
        QVERIFY(!report.has(Helper::Protocol::kLimitsReached));
        QVERIFY(!report.has(Helper::Protocol::kArtifactsCapped));
    }

    // Init had to be killed: its record never came, so what it would have said (here, a
    // clean exit and limits met) is not believed; the run was killed.
    void withoutInitsRecordTheRunWasKilled()
    {
        InitRecord record = endedWith(exitedWith(0));
        record.limitsReached = InitRecord::ReachedFileSize;
        record.artifactsTruncated = 1;
        const Core::RunResult result = resultOf({record, false, 7'000'000, StopReason::Timeout});
        QCOMPARE(result.killReason, Core::KillReason::Timeout);
        QCOMPARE(result.signal, SIGKILL);
        QCOMPARE(result.exitCode, std::nullopt);
        QVERIFY(result.limitsReached.isEmpty());
        QVERIFY(!result.artifactsLeftBehind);
        QCOMPARE(result.wallMs, 7000);
    }
};

QTEST_GUILESS_MAIN(TestHelperRunEnd)
#include "tst_helperrunend.moc"
