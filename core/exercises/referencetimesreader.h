#pragma once

#include "exercises/exercise.h"

namespace Sandpit::Core {

/// The name of the file `sandpit pack validate` records the reference's times in, beside
/// exercise.toml.
inline constexpr QLatin1StringView kReferenceTimesFile{"reference-times.toml"};

/// Reads the exercise's reference-times.toml into Exercise::referenceWallMs when a test's time
/// limit is a multiple of the reference's. A file that is missing, unreadable or lacks a test
/// is a warning in Exercise::warnings, never a reason to leave the exercise out: those tests
/// keep their explicit time limit. `packFolder` is named in the fix the warning gives.
void readReferenceTimes(Exercise &exercise, const QString &packFolder);

} // namespace Sandpit::Core
