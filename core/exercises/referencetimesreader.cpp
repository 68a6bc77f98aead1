#include "exercises/referencetimesreader.h"

#include "exercises/tomltable.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace Sandpit::Core {

namespace {
bool scalesTime(const Exercise &exercise)
{
    return exercise.timeScaling.multiplier || std::ranges::any_of(exercise.tests, [](const ExerciseTest &test) {
               return test.timeScaling.multiplier.has_value();
           });
}

QString theFix(const QString &packFolder)
{
    return QStringLiteral("Run `sandpit pack validate %1` to record the reference's times.")
        .arg(QDir::toNativeSeparators(packFolder));
}

/// `["python"."small"] wall_ms = 12`: every language's table of tests, each with its wall_ms.
QHash<QString, QHash<QString, qint64>> wallTimes(const toml::table &document)
{
    QHash<QString, QHash<QString, qint64>> times;
    for (const auto &[language, tests] : document) {
        const auto *table = tests.as_table();
        for (const auto &[test, record] : table ? *table : toml::table{}) {
            const auto wall = record.as_table() ? (*record.as_table())["wall_ms"].value<qint64>() : std::nullopt;
            if (wall && *wall >= 0)
                times[fromToml(language.str())].insert(fromToml(test.str()), *wall);
        }
    }
    return times;
}

/// The tests of `languageId` whose limit scales but that the file has no time for.
QStringList unrecorded(const Exercise &exercise, const QString &languageId)
{
    QStringList names;
    const QHash<QString, qint64> recorded = exercise.referenceWallMs.value(languageId);
    for (const ExerciseTest &test : exercise.tests)
        if (test.timeScaling.over(exercise.timeScaling).multiplier && !recorded.contains(test.name))
            names << QStringLiteral("\"%1\"").arg(test.name);
    return names;
}
} // namespace

void readReferenceTimes(Exercise &exercise, const QString &packFolder)
{
    if (!scalesTime(exercise))
        return;
    const QString path = exercise.folder + QLatin1Char('/') + kReferenceTimesFile;
    const auto warn = [&](const QString &file, int line, const QString &what) {
        exercise.warnings << PackProblem{file, line, 0,
                                         QStringLiteral("time_multiplier is set, but %1, so the explicit time "
                                                        "limit (or the default) is used. %2")
                                             .arg(what, theFix(packFolder)),
                                         exercise.id};
    };
    auto document = parseTomlFile(path);
    if (!document) {
        const bool missing = !QFileInfo::exists(path);
        warn(path, document.error().line,
             missing ? QStringLiteral("there is no %1").arg(kReferenceTimesFile)
                     : QStringLiteral("%1 cannot be read (%2)").arg(kReferenceTimesFile, document.error().message));
        return;
    }
    exercise.referenceWallMs = wallTimes(*document);
    for (const ExerciseLanguage &language : exercise.languages) {
        const QStringList names = unrecorded(exercise, language.languageId);
        if (!names.isEmpty())
            warn(path, 0,
                 QStringLiteral("%1 has no %2 time for %3")
                     .arg(kReferenceTimesFile, language.languageId, names.join(QStringLiteral(", "))));
    }
}

} // namespace Sandpit::Core
