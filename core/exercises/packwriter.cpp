// PackWriter::writeInputSetsPack: a program and its input sets become a one-exercise pack.
#include "exercises/packwriter.h"

#include "exercises/packfiles.h"
#include "exercises/packloader.h"
#include "exercises/tomltext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

namespace Sandpit::Core {

namespace {

/// Input sets' names as test names: unique (a test name must be), and never empty.
QStringList testNames(const InputSets &inputSets)
{
    QStringList names;
    for (qsizetype i = 0; i < inputSets.size(); ++i) {
        const QString base = inputSets[i].name.trimmed().isEmpty() ? QStringLiteral("input %1").arg(i + 1)
                                                                   : inputSets[i].name.trimmed();
        QString name = base;
        for (int n = 2; names.contains(name); ++n)
            name = QStringLiteral("%1 (%2)").arg(base).arg(n);
        names.append(name);
    }
    return names;
}

QByteArray exerciseToml(const QString &title, const QString &languageId, const QString &entry,
                        const InputSets &inputSets, QMap<QString, QByteArray> &files)
{
    QByteArray toml = "title = " + tomlString(title) + "\n\n[languages." + languageId.toUtf8()
        + "]\nentry = " + tomlString(entry) + "\n";
    const QStringList names = testNames(inputSets);
    for (qsizetype i = 0; i < inputSets.size(); ++i) {
        const QString number = QStringLiteral("%1").arg(i + 1, 2, 10, QLatin1Char('0'));
        const QString in = QStringLiteral("tests/%1.in").arg(number);
        files.insert(in, inputSets[i].stdinData);
        toml += "\n[[tests]]\nname = " + tomlString(names[i]) + "\nstdin_file = " + tomlString(in) + "\n";
        if (inputSets[i].expectedStdout) {
            const QString out = QStringLiteral("tests/%1.out").arg(number);
            files.insert(out, *inputSets[i].expectedStdout);
            toml += "stdout_file = " + tomlString(out) + "\n";
        }
    }
    return toml;
}

std::expected<void, QString> checkFolderIsFree(const QString &folder)
{
    const QFileInfo info(folder);
    if (info.exists() && !info.isDir())
        return std::unexpected(QStringLiteral("%1 is a file; choose a new or empty folder for the pack.").arg(folder));
    if (info.exists() && !QDir(folder).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        return std::unexpected(
            QStringLiteral("%1 is not empty; choose a new or empty folder for the pack.").arg(folder));
    return {};
}

/// The pack just written, loaded back: what an author gets must load without a problem.
std::expected<void, QString> verifyPack(const QString &folder, qsizetype testCount)
{
    PackLoader loader(QDir::tempPath());
    const auto course = loader.load(folder);
    if (!course)
        return std::unexpected(QStringLiteral("The pack written does not load: %1.").arg(course.error().toString()));
    if (!course->problems.isEmpty())
        return std::unexpected(
            QStringLiteral("The pack written does not load: %1.").arg(course->problems.first().toString()));
    if (course->exercises.size() != 1 || course->exercises.first().tests.size() != testCount)
        return std::unexpected(QStringLiteral("The pack written does not hold the program's input sets."));
    return {};
}

} // namespace

std::expected<QString, QString> PackWriter::writeInputSetsPack(const QString &folder, const QString &title,
                                                               const QString &languageId, const QString &programPath,
                                                               const InputSets &inputSets)
{
    if (inputSets.isEmpty())
        return std::unexpected(QStringLiteral("The program has no input sets to turn into tests."));
    if (auto free = checkFolderIsFree(folder); !free)
        return std::unexpected(free.error());
    QFile program(programPath);
    if (!program.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("%1 cannot be read: %2.").arg(programPath, program.errorString()));
    const QByteArray code = program.readAll();
    const QString entry = QFileInfo(programPath).fileName();
    const QString exerciseTitle
        = title.trimmed().isEmpty() ? QFileInfo(programPath).completeBaseName() : title.trimmed();
    const QString id = slugOf(exerciseTitle, QStringLiteral("exercise"));

    QMap<QString, QByteArray> files; // below the exercise's folder
    const QByteArray toml = exerciseToml(exerciseTitle, languageId, entry, inputSets, files);
    files.insert(QStringLiteral("exercise.toml"), toml);
    files.insert(QStringLiteral("README.md"),
                 "# " + exerciseTitle.toUtf8()
                     + "\n\nWrite a program that reads each "
                       "test's input and prints what is expected.\n");
    files.insert(QStringLiteral("starter/") + entry, code);
    files.insert(QStringLiteral("solution/") + entry, code);
    const QByteArray course = "id = " + tomlString(slugOf(QFileInfo(folder).fileName(), QStringLiteral("course")))
        + "\ntitle = " + tomlString(exerciseTitle) + "\nexercises = [" + tomlString(id) + "]\n";
    const bool existed = QFileInfo::exists(folder);
    auto written = writePackFile(folder + QStringLiteral("/course.toml"), course);
    for (auto file = files.cbegin(); written && file != files.cend(); ++file)
        written = writePackFile(folder + QLatin1Char('/') + id + QLatin1Char('/') + file.key(), file.value());
    if (written)
        written = verifyPack(folder, inputSets.size());
    if (!written) {
        QDir(folder + QLatin1Char('/') + id).removeRecursively();
        QFile::remove(folder + QStringLiteral("/course.toml"));
        if (!existed)
            QDir().rmdir(folder);
        return std::unexpected(written.error());
    }
    return folder;
}

} // namespace Sandpit::Core
