#pragma once
// What every backend does alike, checked once: tst_localbackend and tst_dockerbackend call
// these from test functions of their own, each with its own engine, and add what only their
// backend does.

#include "support/runharness.h"

#include <functional>

namespace SandpitTest {

/// hello.py: its line arrives live and in the result, from `backend`, as an ordinary exit.
/// `more` checks what only this backend says about the run.
inline void checkHello(RunController &controller, const QString &backend,
                       const std::function<void(const RunResult &)> &more)
{
    const Outcome o = runToEnd(controller, pythonRequest(fixture(QStringLiteral("hello.py"))));
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->stdoutData, QByteArray("Hello from Sandpit\n"));
    QCOMPARE(o.liveStdout, o.result->stdoutData);
    QCOMPARE(o.result->exitCode, 0);
    QCOMPARE(o.result->killReason, KillReason::None);
    QCOMPARE(o.result->backend, backend);
    QVERIFY(o.result->wallMs > 0);
    more(*o.result);
}

/// stderr_exit3.py writes to both streams and exits with 3: both arrive, stderr live too, and
/// the exit code is an exit the detail names, not a kill.
inline void checkStderrAndExitCode(RunController &controller)
{
    const Outcome o = runToEnd(controller, pythonRequest(fixture(QStringLiteral("stderr_exit3.py"))));
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->stdoutData, QByteArray("to stdout\n"));
    QCOMPARE(o.result->stderrData, QByteArray("to stderr\n"));
    QCOMPARE(o.liveStderr, QByteArray("to stderr\n"));
    QCOMPARE(o.result->exitCode, 3);
    QCOMPARE(o.result->killReason, KillReason::None);
    QVERIFY(o.result->killDetail.contains(QStringLiteral("exit code 3")));
}

/// stdin_echo.py given its input up front, with and without a last newline: it reads all of
/// it, and then end-of-input.
inline void checkStdinGivenUpFront(RunController &controller)
{
    const QList<std::pair<QByteArray, QByteArray>> inputs{
        {"abc", "got 3 bytes: ABC"},
        {"abc\ndef\n", "got 8 bytes: ABC\nDEF\n"},
    };
    for (const auto &[input, echoed] : inputs) {
        RunRequest request = pythonRequest(fixture(QStringLiteral("stdin_echo.py")));
        request.stdinData = input;
        const Outcome o = runToEnd(controller, request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stdoutData, echoed);
    }
}

/// A program that sleeps (`request`) under a 1.5 s wall-clock limit: stopped for it, not
/// before, with no exit code, and what it `printed` first kept.
inline void checkWallTimeLimit(RunController &controller, RunRequest request, const QByteArray &printed)
{
    request.limits.wallTimeMs = 1500;
    const Outcome o = runToEnd(controller, request);
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->killReason, KillReason::Timeout);
    QCOMPARE(o.result->exitCode, std::nullopt);
    QVERIFY(o.result->wallMs >= 1400);
    QCOMPARE(o.result->stdoutData, printed);
}

/// flood_stdout.py under a 64 KiB output limit: stopped for it, with exactly the first 64 KiB
/// kept, the same live as in the result, and only stdout marked as cut.
inline void checkOutputLimit(RunController &controller)
{
    RunRequest request = pythonRequest(fixture(QStringLiteral("flood_stdout.py")));
    request.limits.outputBytes = 64 * 1024;
    const Outcome o = runToEnd(controller, request);
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->killReason, KillReason::OutputLimit);
    QCOMPARE(o.result->stdoutData.size(), 64 * 1024);
    QVERIFY(o.result->stdoutTruncated);
    QVERIFY(!o.result->stderrTruncated);
    QCOMPARE(o.liveStdout, o.result->stdoutData);
}

/// cpu_burner.py under a one-second CPU-time limit: stopped for CPU time, with at least
/// `minCpuMs` of it reported.
inline void checkCpuTimeLimit(RunController &controller, qint64 minCpuMs)
{
    RunRequest request = pythonRequest(fixture(QStringLiteral("cpu_burner.py")));
    request.limits.cpuTimeMs = 1000;
    const Outcome o = runToEnd(controller, request);
    QVERIFY2(o.result, why(o));
    QCOMPARE(o.result->killReason, KillReason::CpuTime);
    QVERIFY2(o.result->cpuMs >= minCpuMs, qPrintable(QString::number(o.result->cpuMs)));
}

} // namespace SandpitTest
