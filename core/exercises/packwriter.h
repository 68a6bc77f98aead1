#pragma once

#include "exercises/exercise.h"
#include "history/inputset.h"

#include <QString>

#include <expected>

namespace Sandpit::Core {

/// Writes to packs, for authors. Disk work: off the GUI thread. Errors are one sentence each.
class PackWriter final
{
public:
    /// A new one-exercise pack in `folder` (which must not exist or be empty) from a program and
    /// its input sets: course.toml, exercise.toml, README.md, the program as both starter and
    /// solution, one test per input set (its expected output, when it has one, in tests/NN.out).
    /// Returns the pack's folder.
    static std::expected<QString, QString> writeInputSetsPack(const QString &folder, const QString &title,
                                                              const QString &languageId, const QString &programPath,
                                                              const InputSets &inputSets);

    /// Makes `actual` the expected stdout of the test named `testName`: written to its
    /// stdout_file (a new tests/<name>.out when it had none, with exercise.toml changed to name
    /// it and the rest of exercise.toml, comments included, kept as it was).
    static std::expected<void, QString> recordExpected(const Exercise &exercise, const QString &testName,
                                                       const QByteArray &actual);
};

} // namespace Sandpit::Core
