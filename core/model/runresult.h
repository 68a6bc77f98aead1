#pragma once

#include "history/outputcomparison.h"
#include "model/diagnostic.h"
#include "model/killreason.h"
#include "network/allowlist.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// A file the program created or changed in its working folder: in output/, where a program
/// is meant to put what it makes, or anywhere else in the folder (open("temps.csv", "w")).
struct Artifact {
    QString path; ///< relative to output/ when inOutput, else to the working folder
    qint64 size = 0;
    QString mimeType;
    bool kept = false; ///< a copy is in RunResult::artifactsDir, at workPath()
    bool inOutput = true;

    /// Where the file is below the working folder ("output/plot.png", "temps.csv").
    QString workPath() const { return inOutput ? QStringLiteral("output/") + path : path; }
};

/// Which protections were in force for a run, said honestly.
struct IsolationReport {
    enum class Level { Full, Partial, None };
    Level level = Level::None;
    QStringList details;           ///< one plain sentence per protection that applied or did not, and why
    QString cgroupKind;            ///< the run's cgroup: "v2", "v2, delegated", "v1"; empty: none
    QStringList cgroupControllers; ///< what that cgroup held the run to: memory, pids, cpu
    QString cgroupMissing;         ///< why the run had no memory cgroup; empty when it had one
};

enum class OutputStream { Stdout, Stderr };

/// Which step of a run a result describes: a compiled language that fails to compile (or
/// whose compiler is stopped by a limit) ends at Compile, and its program never runs.
/// Setup: a program's packages being installed (core/packages/) before it runs.
enum class RunStage { Setup, Policy, Compile, Run };

/// How a run that took place ended. Produced only for runs that started.
struct RunResult {
    std::optional<int> exitCode; ///< empty when the program died of a signal
    std::optional<int> signal;   ///< the terminating signal, if any
    KillReason killReason = KillReason::None;
    /// Limits the kernel enforced by refusing a call, without stopping the run: the ids
    /// "process-limit", "memory", "file-size", "open-files" and "disk-full", from evidence
    /// (the cgroup's counters, init's watch, the run's file systems at the end). Never the
    /// kill reason's own limit.
    QStringList limitsReached;
    QString killDetail; ///< one sentence for people
    qint64 wallMs = 0;
    /// Of wallMs, the time the program waited for the user's input, which the wall-clock
    /// limit does not count (only while more input could come: never for a run fed up front).
    qint64 inputWaitMs = 0;
    qint64 cpuMs = 0;
    qint64 peakMemoryBytes = 0;
    QByteArray stdoutData;
    QByteArray stderrData;
    bool stdoutTruncated = false;
    bool stderrTruncated = false;
    QList<Artifact> artifacts;
    /// The absolute folder holding copies of the artifacts marked `kept` (each at its
    /// workPath()), which outlive the run's workspace; empty when nothing was kept (the
    /// command line keeps nothing).
    QString artifactsDir;
    int artifactsFound = 0;      ///< the program's files: more than `artifacts` when the list was capped
    qint64 artifactsByteCap = 0; ///< non-zero: copying stopped at this many bytes, later files are only listed
    /// The sandbox brought only part of the program's files back (it copies out at most 1000
    /// files and the workspace's size), so the program made more files than artifactsFound.
    bool artifactsLeftBehind = false;
    QString backend; ///< the backend that really ran it
    /// The named sandbox it ran in (RunRequest::sandbox), whose limits are its own, set when it
    /// was created; empty: a sandbox of its own, under the request's limits.
    QString sandbox;
    QString language;
    IsolationReport isolation;
    QString notice;                 ///< how the run differed from what was asked (a fallback), or empty
    RunStage stage = RunStage::Run; ///< the step the figures above are from
    /// Stage Policy: the import check itself could not finish (its limits, no python3, a
    /// report that did not read). Sandpit's trouble, never the learner's.
    bool policyUnchecked = false;
    /// The compiler's messages and the place of a run-time error, in the learner's own files.
    QList<Diagnostic> diagnostics;
    /// The run's stdout against an input set's expected output, when it was run with one.
    std::optional<OutputComparison> outputCheck;
    /// Every attempt to reach a host through the proxy, in order (RunRequest::network); empty
    /// when the run had no network.
    QList<NetworkAttempt> network;

    /// True when the program ran and ended on its own with exit code 0 (and printed what was
    /// expected, when an output was expected).
    bool succeeded() const { return endedCleanly() && (!outputCheck || outputCheck->matches); }
    /// The program ran and ended on its own with exit code 0, whatever it printed.
    bool endedCleanly() const { return stage == RunStage::Run && killReason == KillReason::None && exitCode == 0; }
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::RunResult)
Q_DECLARE_METATYPE(Sandpit::Core::OutputStream)
