#pragma once
// Reading one exercise's folder (exercise.toml, its statement and the files it names) into an
// Exercise. Internal to the pack loader and the pack writer (which re-reads what it wrote).

#include "exercises/exercise.h"
#include "exercises/tomltable.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

class PackFiles;

/// The languages a pack may name: their ids (empty: any id is taken) and which language a file
/// extension means (a checker program's or a wrong solution's).
struct PackLanguages {
    QStringList ids;
    QHash<QString, QString> byExtension; ///< "py" -> "python"

    bool knows(const QString &id) const { return ids.isEmpty() || ids.contains(id); }
    QString forFile(const QString &path) const;
    /// The usual extensions of Sandpit's built-in languages, for a loader given no registry.
    static PackLanguages defaults();
};

/// Why `id` cannot be `what`'s id ("an exercise", "a course"), or empty when it can.
QString idProblem(const QString &id, const QString &what);

/// The exercise in `folder` (its id is the folder's name), or every problem found in it.
std::expected<Exercise, QList<PackProblem>> readExercise(const QString &folder, const QString &packFolder,
                                                         const PackLanguages &languages);

/// [limits] and [tests.limits]: time and cpu in seconds, memory in MB, output in KB, processes;
/// with `scaling` (an exercise's or a test's limits, not a checker's), time_multiplier and
/// time_floor too.
LimitOverrides readLimits(const toml::table &table, TomlProblems &problems, const QString &what,
                          TimeScaling *scaling = nullptr);
/// `checker = "tokens"` or a [checker] table, the value at `key` of `owner`.
std::optional<CheckerSpec> readChecker(const TomlTable &owner, const PackFiles &files, const PackLanguages &languages);
/// The [wrong."file"] tables: the verdict each wrong program must fail with, by file name. Only
/// the names are checked here: a learner build has no wrong/, and validate says which is missing.
QHash<QString, Verdict> readWrongExpectations(const TomlTable &exercise);
/// Every [[tests]] of the exercise.
QList<ExerciseTest> readTests(const TomlTable &exercise, const PackFiles &files, const PackLanguages &languages);

} // namespace Sandpit::Core
