#pragma once

#include "exercises/exercise.h"
#include "exercises/packvalidator.h"
#include "exercises/testoutcome.h"

#include <QList>

namespace Sandpit::Core {

/// Writes each exercise's reference-times.toml: the reference solution's wall and CPU time on
/// each test, by language (`[python."small numbers"] wall_ms = 12`), with the machine and the
/// date in a comment, as `sandpit pack validate` measured them. Atomically (QSaveFile). A file
/// that cannot be written is a warning; validation itself stands.
QList<ValidationFinding> writeReferenceTimes(const Course &course, const QList<ReferenceTime> &times);

/// How many times `sandpit pack validate` runs a reference solution when it records its times:
/// one run's time can be a cold cache or a busy core; the median of three is neither.
inline constexpr int kReferenceTimingRuns = 3;

/// One report of a reference solution's runs (the same tests each time, in the same order):
/// each test's wall and CPU time the median of the runs', its verdict the first run's unless a
/// later run failed the test (a failure that comes and goes is still a failure).
CheckReport medianTimes(const QList<CheckReport> &runs);

/// reference-times.toml as a learner build holds it: the wall times the loader read of the tests
/// the build keeps, so a learner's limits stay the multiples an instructor's are, and no secret
/// test is named. Empty when the exercise scales no time limit (the loader read no times).
QByteArray learnerReferenceTimes(const Exercise &exercise);

} // namespace Sandpit::Core
