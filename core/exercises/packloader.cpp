#include "exercises/packloader.h"

#include "exercises/exercisereader.h"
#include "exercises/packarchive.h"
#include "exercises/packfiles.h"
#include "exercises/tomltable.h"
#include "languages/languageregistry.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace Sandpit::Core {

namespace {

const QString kCourseFile = QStringLiteral("course.toml");

/// Where course.toml is in an unpacked zip: at its top, or in its single top folder (a zip
/// made by compressing the pack's folder).
QString courseRoot(const QString &unpacked)
{
    if (QFileInfo::exists(unpacked + QLatin1Char('/') + kCourseFile))
        return unpacked;
    const QStringList top = QDir(unpacked).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (top.size() == 1
        && QFileInfo::exists(unpacked + QLatin1Char('/') + top.first() + QLatin1Char('/') + kCourseFile))
        return unpacked + QLatin1Char('/') + top.first();
    return unpacked;
}

/// A problem in an unpacked zip, said as the path inside the zip after the zip's own path.
void sayInsideZip(PackProblem &problem, const QString &unpacked, const QString &zipPath)
{
    if (problem.file.startsWith(unpacked + QLatin1Char('/')))
        problem.file = zipPath + problem.file.mid(unpacked.size());
    else if (problem.file == unpacked)
        problem.file = zipPath;
}

/// The folders holding exercise.toml, by name: the order when course.toml gives none.
QStringList exerciseFolders(const QString &folder)
{
    QStringList ids;
    const QDir dir(folder);
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFileInfo::exists(dir.filePath(name) + QStringLiteral("/exercise.toml")))
            ids.append(name);
    return ids;
}

/// The exercises course.toml lists, in its order; a listed one that is missing, or listed
/// twice, is a problem at its place in the list, and so is a folder with an exercise.toml that
/// the list leaves out.
QStringList listedExercises(const TomlTable &course, const QString &folder)
{
    const toml::array *array = course.array("exercises");
    if (!array)
        return exerciseFolders(folder);
    QStringList ids;
    for (const toml::node &item : *array) {
        const auto *text = item.as_string();
        const QString id = text ? fromToml(text->get()) : QString();
        if (!text)
            course.problems().add(item.source(), QStringLiteral("'exercises' must hold exercise ids (strings)"));
        else if (ids.contains(id))
            course.problems().add(item.source(), QStringLiteral("\"%1\" is listed twice").arg(id));
        else if (!PackFiles::isPlainRelativePath(id) || id.contains(QLatin1Char('/'))
                 || !QFileInfo::exists(folder + QLatin1Char('/') + id + QStringLiteral("/exercise.toml")))
            course.problems().add(item.source(),
                                  QStringLiteral("\"%1\" is listed, but there is no %1/exercise.toml").arg(id));
        else
            ids.append(id);
    }
    // An exercise written but forgotten in the list would never reach a learner, unnoticed.
    for (const QString &unlisted : exerciseFolders(folder))
        if (!ids.contains(unlisted))
            course.problem("exercises",
                           QStringLiteral("does not list \"%1\", which has an exercise.toml: add it, or "
                                          "learners never see it")
                               .arg(unlisted));
    return ids;
}

} // namespace

PackLoader::PackLoader(QString unpackRoot)
    : m_unpackRoot(std::move(unpackRoot))
{
    m_languageByExtension = PackLanguages::defaults().byExtension;
}

void PackLoader::setLanguages(const LanguageRegistry &registry)
{
    m_languageIds.clear();
    m_languageByExtension.clear();
    for (const Language &language : registry.languages()) {
        m_languageIds.append(language.id);
        for (const QString &extension : language.extensions)
            m_languageByExtension.insert(extension, language.id);
    }
}

void PackLoader::setLanguageIds(const QStringList &ids)
{
    m_languageIds = ids;
}

std::expected<Course, PackProblem> PackLoader::load(const QString &path) const
{
    const QFileInfo info(path);
    if (info.isDir()) {
        auto course = loadFolder(info.absoluteFilePath());
        if (course)
            course->source = path;
        return course;
    }
    if (!info.isFile())
        return std::unexpected(PackProblem{path, 0, 0, QStringLiteral("there is no pack here"), {}});
    const QString zipPath = info.absoluteFilePath();
    if (m_unpackRoot.isEmpty()) // QDir("") is the working folder: never unpack there
        return std::unexpected(
            PackProblem{zipPath, 0, 0, QStringLiteral("no folder to unpack zipped packs in was given"), {}});
    auto unpacked = PackArchive::unpack(zipPath, m_unpackRoot);
    if (!unpacked)
        return std::unexpected(unpacked.error());
    auto course = loadFolder(courseRoot(*unpacked));
    if (!course) {
        sayInsideZip(course.error(), *unpacked, zipPath);
        return course;
    }
    for (PackProblem &problem : course->problems)
        sayInsideZip(problem, *unpacked, zipPath);
    for (Exercise &exercise : course->exercises)
        for (PackProblem &warning : exercise.warnings)
            sayInsideZip(warning, *unpacked, zipPath);
    course->source = path;
    return course;
}

std::expected<Course, PackProblem> PackLoader::loadFolder(const QString &folder) const
{
    const QString coursePath = folder + QLatin1Char('/') + kCourseFile;
    if (!QFileInfo::exists(coursePath))
        return std::unexpected(PackProblem{coursePath,
                                           0,
                                           0,
                                           QStringLiteral("there is no course.toml: this is not an "
                                                          "exercise pack"),
                                           {}});
    auto document = parseTomlFile(coursePath);
    if (!document)
        return std::unexpected(document.error());
    TomlProblems problems(coursePath);
    problems.setRoot(*document);
    const TomlTable table(*document, problems, kCourseFile, {"id", "title", "description", "exercises"});
    Course course;
    course.folder = folder;
    course.id = table.string("id", true).value_or(QString());
    course.title = table.string("title", true).value_or(QString());
    course.description = table.string("description").value_or(QString());
    if (course.id.isEmpty() || course.title.isEmpty()) {
        if (problems.isEmpty())
            table.problem(course.id.isEmpty() ? "id" : "title", QStringLiteral("must not be empty"));
        return std::unexpected(problems.list().first());
    }
    if (const QString problem = idProblem(course.id, QStringLiteral("a course")); !problem.isEmpty()) {
        table.problem("id", problem);
        return std::unexpected(problems.list().last());
    }
    const QStringList ids = listedExercises(table, folder);
    course.problems = problems.list();
    const PackLanguages languages{m_languageIds, m_languageByExtension};
    for (const QString &id : ids) {
        auto exercise = readExercise(folder + QLatin1Char('/') + id, folder, languages);
        if (exercise)
            course.exercises.append(*exercise);
        else
            course.problems.append(exercise.error());
    }
    return course;
}

} // namespace Sandpit::Core
