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

} // namespace Sandpit::Core
