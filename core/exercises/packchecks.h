#pragma once

#include "exercises/exercise.h"
#include "exercises/packvalidator.h"
#include "exercises/testoutcome.h"

#include <QList>

#include <optional>

namespace Sandpit::Core {

// What `sandpit pack validate` checks of an exercise, one function a check: without running
// anything (the statement, the files, the limits), and from the Checks it ran (the reference
// solution's, a wrong program's). Each returns its findings; the files it reads are read by
// the caller's thread, never the GUI's.

/// The verdict a wrong program's name promises: "slow.py", "tle_loop.c" fail on time;
/// "memory_hog.py" on memory; "crash.py" with a runtime error; "compile_error.c" to compile;
/// "flood.py" on output. None: any failure will do.
std::optional<Verdict> promisedVerdict(const QString &fileName);

/// Each example test's input and expected output must be shown in the statement's code blocks.
QList<ValidationFinding> checkStatementExamples(const Exercise &exercise);

/// Files in the exercise's tests/ folder that no test names (a test may have lost its file).
QList<ValidationFinding> checkUnusedTestFiles(const Exercise &exercise);

/// Limits a test runs under that cannot be right: no time or over a minute, under 16 MB or
/// over 8 GB of memory, an output limit under the expected output's size.
QList<ValidationFinding> checkLimits(const Exercise &exercise, const Limits &base);

/// Each [wrong."file"] table must name a program in wrong/ that validate runs.
QList<ValidationFinding> checkWrongExpectations(const Exercise &exercise);

/// A time multiplier without the reference's times (the loader's warnings), said as findings
/// unless `recording` (validate records them now); and reference-times.toml older than a
/// reference solution, whose times may be another solution's.
QList<ValidationFinding> checkReferenceTimes(const Exercise &exercise, bool recording);

/// The reference solution of `languageId` against every test: a test it fails is an error, one
/// where it used more than half the time or memory limit is a warning.
QList<ValidationFinding> judgeReference(const Exercise &exercise, const QString &languageId, const QString &program,
                                        const CheckReport &report, const Limits &base);

/// A wrong program: passing every test is an error, and so is failing none with the verdict its
/// [wrong."file"] table expects or, without one, its name promises.
QList<ValidationFinding> judgeWrongProgram(const Exercise &exercise, const QString &languageId, const QString &program,
                                           const CheckReport &report);

} // namespace Sandpit::Core
