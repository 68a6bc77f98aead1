#pragma once

#include "exercises/exercise.h"
#include "exercises/packvalidator.h"

#include <QList>

namespace Sandpit::Core {

/// Writes each exercise's reference-times.toml: the reference solution's wall and CPU time on
/// each test, by language (`[python."small numbers"] wall_ms = 12`), with the machine and the
/// date in a comment, as `sandpit pack validate` measured them. Atomically (QSaveFile). A file
/// that cannot be written is a warning; validation itself stands.
QList<ValidationFinding> writeReferenceTimes(const Course &course, const QList<ReferenceTime> &times);

/// reference-times.toml as a learner build holds it: the wall times the loader read of the tests
/// the build keeps, so a learner's limits stay the multiples an instructor's are, and no secret
/// test is named. Empty when the exercise scales no time limit (the loader read no times).
QByteArray learnerReferenceTimes(const Exercise &exercise);

} // namespace Sandpit::Core
