#include "checktarget.h"

#include "exercises/bundledcourses.h"
#include "exercises/packloader.h"

#include <QDir>
#include <QFileInfo>

namespace Sandpit::App {

namespace {
using Core::Course;

CheckTargetError packError(const QStringList &lines)
{
    return {lines, true};
}

/// The exercise `id` of the course at `path`, or what kept it out.
std::expected<CheckTarget, CheckTargetError>
exerciseIn(const QString &path, const QString &id, const QString &unpackRoot, const Core::LanguageRegistry &languages)
{
    Core::PackLoader loader(unpackRoot);
    loader.setLanguages(languages);
    const auto course = loader.load(path);
    if (!course)
        return std::unexpected(packError({course.error().toString()}));
    if (const Core::Exercise *exercise = course->exercise(id))
        return CheckTarget{*course, *exercise};
    QStringList lines;
    for (const Core::PackProblem &problem : course->problems) {
        if (problem.exerciseId == id)
            lines << problem.toString();
    }
    if (!lines.isEmpty())
        return std::unexpected(packError(lines));
    QStringList ids;
    for (const Core::Exercise &exercise : course->exercises)
        ids << exercise.id;
    return std::unexpected(CheckTargetError{{QStringLiteral("the course \"%1\" has no exercise \"%2\" (it has: %3)")
                                                 .arg(course->id, id, ids.join(QStringLiteral(", ")))}});
}

/// The bundled course named `name` (its folder's name or its id).
QString bundledCourse(const QString &name, const QString &unpackRoot)
{
    for (const QString &folder : Core::bundledCourseFolders()) {
        if (QFileInfo(folder).fileName() == name)
            return folder;
    }
    for (const QString &folder : Core::bundledCourseFolders()) {
        const auto course = Core::PackLoader(unpackRoot).load(folder);
        if (course && course->id == name)
            return folder;
    }
    return {};
}
} // namespace

std::expected<CheckTarget, CheckTargetError> findCheckTarget(const QString &name, const QString &pack,
                                                             const QString &unpackRoot,
                                                             const Core::LanguageRegistry &languages)
{
    if (!pack.isEmpty())
        return exerciseIn(pack, name, unpackRoot, languages);
    const QFileInfo folder(name);
    if (folder.isDir()) {
        const QString parent = QFileInfo(folder.absoluteFilePath()).path();
        if (!QFileInfo::exists(parent + QStringLiteral("/course.toml"))) {
            return std::unexpected(CheckTargetError{
                {QStringLiteral("%1 is not an exercise of a pack: its parent folder has no course.toml").arg(name)}});
        }
        return exerciseIn(parent, QFileInfo(QDir::cleanPath(folder.absoluteFilePath())).fileName(), unpackRoot,
                          languages);
    }
    const QStringList parts = name.split(QLatin1Char('/'));
    if (parts.size() == 2) {
        const QString course = bundledCourse(parts.at(0), unpackRoot);
        if (!course.isEmpty())
            return exerciseIn(course, parts.at(1), unpackRoot, languages);
    }
    return std::unexpected(CheckTargetError{
        {QStringLiteral("no exercise \"%1\": give an exercise's folder, --pack PACK EXERCISE, or COURSE/EXERCISE "
                        "of a course that comes with Sandpit")
             .arg(name)}});
}

std::expected<QString, QString> checkLanguage(const Core::Exercise &exercise, const QString &languageId,
                                              const QString &file)
{
    QStringList accepted;
    for (const Core::ExerciseLanguage &language : exercise.languages)
        accepted << language.languageId;
    if (!languageId.isEmpty()) {
        if (exercise.language(languageId))
            return languageId;
        return std::unexpected(QStringLiteral("the exercise \"%1\" cannot be solved in %2; it takes: %3")
                                   .arg(exercise.id, languageId, accepted.join(QStringLiteral(", "))));
    }
    if (exercise.languages.isEmpty())
        return std::unexpected(QStringLiteral("the exercise \"%1\" names no language").arg(exercise.id));
    if (file.isEmpty())
        return exercise.languages.first().languageId;
    const QString suffix = QFileInfo(file).suffix();
    for (const Core::ExerciseLanguage &language : exercise.languages) {
        if (QFileInfo(language.entryFile).suffix() == suffix)
            return language.languageId;
    }
    return std::unexpected(QStringLiteral("which language is %1? The exercise \"%2\" takes %3: choose one with --lang")
                               .arg(file, exercise.id, accepted.join(QStringLiteral(", "))));
}

} // namespace Sandpit::App
