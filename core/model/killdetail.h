#pragma once

#include "model/runlimits.h"
#include "model/runresult.h"

namespace Sandpit::Core {

/// The one-sentence explanation for people of how a run ended, from the result's facts and
/// the limits it ran under. `extra` carries what only the backend knows (e.g. the blocked call).
/// Then, when the run met limits it was not stopped for (RunResult::limitsReached), a second
/// sentence: "It ended with an error after it reached the process limit (64)."
QString describeEnd(const RunResult &result, const Limits &limits, const QString &extra = {});
/// The first sentence alone.
QString describeEndAlone(const RunResult &result, const Limits &limits, const QString &extra = {});
/// The second sentence alone, or empty.
QString describeLimitsReached(const RunResult &result, const Limits &limits);
/// " (It waited 11 s for input, which does not count against the time limit.)", or empty:
/// the end of describeEnd, for a run that waited for input.
QString describeInputWait(const RunResult &result);

/// A short phrase for people about how the run ended: the kill reason's title, or for a run
/// that ended while compiling, "Did not compile" or "Compiler stopped: …".
QString resultTitle(const RunResult &result);

/// What happened, headed for a learner: "The program stopped with an error: IndexError: list
/// index out of range, line 4", "Did not compile: expected ';' before 'return', line 3",
/// "The program finished normally", "Wrong answer at line 3" (an input set's expected output
/// was not printed), or for a run that was stopped, resultTitle(). The error is
/// the first one the diagnostics parser found; without one, the exit code says it.
QString resultHeadline(const RunResult &result);
/// The first error the diagnostics parser found in the learner's own files, as "IndexError:
/// list index out of range, line 4", or empty.
QString resultError(const RunResult &result);
/// The diagnostic resultError() names, or null.
const Diagnostic *firstErrorDiagnostic(const QList<Diagnostic> &diagnostics);

} // namespace Sandpit::Core
