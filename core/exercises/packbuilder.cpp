#include "exercises/packbuilder.h"

#include "exercises/learnertoml.h"
#include "exercises/packarchive.h"
#include "exercises/packloader.h"
#include "exercises/packzip.h"
#include "exercises/referencetimes.h"
#include "exercises/referencetimesreader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <map>

namespace Sandpit::Core {

namespace {
/// What goes into the build: each file's path in the pack, and its bytes (read now, so that the
/// zip and the folder are written from the same thing).
using Entries = std::map<QString, PackZip::Entry>;

PackBuildError failure(const QString &message)
{
    return PackBuildError{message, {}};
}

/// Every file of the pack's folder, by its path inside it. A link is refused: a build carries
/// files, never a way out of the pack.
std::expected<Entries, PackBuildError> readFolder(const QString &folder)
{
    Entries entries;
    QDirIterator it(folder, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System,
                    QDirIterator::Subdirectories);
    const QDir root(folder);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        const QString path = root.relativeFilePath(info.filePath());
        if (info.isSymLink())
            return std::unexpected(failure(QStringLiteral("%1 is a link; a pack holds files only").arg(path)));
        if (info.isDir())
            continue;
        if (!info.isFile())
            return std::unexpected(failure(QStringLiteral("%1 is not a regular file").arg(path)));
        if (path == PackArchive::completeMarker())
            continue; // Sandpit's own note in an unpacked zip
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly))
            return std::unexpected(failure(QStringLiteral("%1 cannot be read: %2").arg(path, file.errorString())));
        entries[path] = PackZip::Entry{file.readAll(), info.isExecutable()};
    }
    return entries;
}

/// Leaves out of `entries` what learners must not get from `exercise`, and says what it was.
std::expected<PackLeftOut, PackBuildError> leaveOutForLearners(Entries &entries, const Exercise &exercise,
                                                               const QString &courseFolder)
{
    const QString prefix = QDir(courseFolder).relativeFilePath(exercise.folder) + QLatin1Char('/');
    PackLeftOut left{exercise.id};
    for (auto it = entries.begin(); it != entries.end();) {
        const QString &path = it->first;
        const bool solution = path.startsWith(prefix + QStringLiteral("solution/"));
        const bool wrong = path.startsWith(prefix + QStringLiteral("wrong/"));
        left.solutions += solution;
        left.wrongPrograms += wrong;
        it = solution || wrong ? entries.erase(it) : std::next(it);
    }
    // A reference solution named outside solution/ (`solution = "reference/sum.py"`), and the
    // reference's times, which name the secret tests too: a build whose limits are multiples of
    // them keeps the times of the tests it holds.
    for (const ExerciseLanguage &language : exercise.languages)
        if (!language.solutionPath.isEmpty())
            left.solutions += int(entries.erase(QDir(courseFolder).relativeFilePath(language.solutionPath)));
    const QString times = prefix + kReferenceTimesFile;
    if (const QByteArray kept = learnerReferenceTimes(exercise); !kept.isEmpty() && entries.contains(times))
        entries[times].data = kept;
    else
        entries.erase(times);
    const auto toml = entries.find(prefix + QStringLiteral("exercise.toml"));
    if (toml == entries.end())
        return std::unexpected(failure(QStringLiteral("%1exercise.toml is not in the pack").arg(prefix)));
    const auto learner = learnerExerciseToml(toml->second.data);
    if (!learner)
        return std::unexpected(failure(QStringLiteral("%1exercise.toml: %2").arg(prefix, learner.error())));
    toml->second.data = learner->text;
    left.secretTests = learner->secretTests;
    const QSet<QString> kept(learner->keptFiles.begin(), learner->keptFiles.end());
    for (const QString &file : learner->secretFiles) {
        if (kept.contains(file))
            continue;
        left.secretFiles += int(entries.erase(QDir::cleanPath(prefix + file)));
    }
    return left;
}

/// The build, read back: it must load without a problem, hold every exercise, and (for
/// learners) no solution, no wrong program and no secret test.
std::expected<void, PackBuildError> readBack(const QString &output, const PackBuildRequest &request,
                                             const Course &source)
{
    QTemporaryDir unpacked;
    const auto built = PackLoader(unpacked.path()).load(output);
    if (!built)
        return std::unexpected(PackBuildError{QStringLiteral("the build cannot be read back"), {built.error()}});
    if (!built->problems.isEmpty())
        return std::unexpected(PackBuildError{QStringLiteral("the build, read back, has problems"), built->problems});
    if (built->exercises.size() != source.exercises.size())
        return std::unexpected(failure(QStringLiteral("the build, read back, holds %1 exercises instead of %2")
                                           .arg(built->exercises.size())
                                           .arg(source.exercises.size())));
    if (request.audience == PackAudience::Instructor)
        return {};
    for (const Exercise &exercise : built->exercises) {
        for (const ExerciseTest &test : exercise.tests)
            if (test.visibility == Visibility::Secret)
                return std::unexpected(
                    failure(QStringLiteral("the learner build still holds the secret test '%1' of %2")
                                .arg(test.name, exercise.id)));
        const Exercise *before = source.exercise(exercise.id);
        if (!before || before->languages.size() != exercise.languages.size())
            return std::unexpected(failure(
                QStringLiteral("the learner build of %1 lost a language; write its solution key on a line of its own")
                    .arg(exercise.id)));
        for (const ExerciseLanguage &language : exercise.languages)
            if (!language.solutionPath.isEmpty() || !language.wrongPaths.isEmpty())
                return std::unexpected(
                    failure(QStringLiteral("the learner build still holds programs of %1's solution/ or wrong/")
                                .arg(exercise.id)));
    }
    return {};
}

/// The entries as a folder at `output`: made beside it under another name, then renamed.
std::expected<qint64, QString> writeFolder(const Entries &entries, const QString &output)
{
    const QFileInfo target(output);
    QTemporaryDir partial(target.absolutePath() + QStringLiteral("/.") + target.fileName() + QStringLiteral("-XXXXXX"));
    if (!partial.isValid())
        return std::unexpected((QStringLiteral("no folder can be made in %1").arg(target.absolutePath())));
    qint64 bytes = 0;
    for (const auto &[path, entry] : entries) {
        const QString file = partial.filePath(path);
        QDir().mkpath(QFileInfo(file).absolutePath());
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly) || out.write(entry.data) != entry.data.size())
            return std::unexpected((QStringLiteral("%1 cannot be written: %2").arg(file, out.errorString())));
        if (entry.executable)
            out.setPermissions(out.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeGroup
                               | QFileDevice::ExeOther);
        bytes += entry.data.size();
    }
    if (target.exists() && !QDir(output).removeRecursively())
        return std::unexpected((QStringLiteral("%1 cannot be replaced").arg(output)));
    if (!QDir().rename(partial.path(), output))
        return std::unexpected((QStringLiteral("%1 cannot be made").arg(output)));
    partial.setAutoRemove(false);
    return bytes;
}

std::expected<void, PackBuildError> checkOutput(const PackBuildRequest &request, bool zip)
{
    const QFileInfo output(request.output);
    // Never into the pack itself: the build would be in the next build, or replace the pack.
    const QString pack = QFileInfo(request.packPath).absoluteFilePath();
    const QString out = output.absoluteFilePath();
    if (out == pack || out.startsWith(pack + QLatin1Char('/')) || pack.startsWith(out + QLatin1Char('/')))
        return std::unexpected(failure(
            QStringLiteral("%1 is in the pack, or the pack is in it; build somewhere else").arg(request.output)));
    if (!output.exists() || request.replace)
        return {};
    if (zip || !output.isDir())
        return std::unexpected(failure(QStringLiteral("%1 exists; --force replaces it").arg(request.output)));
    if (!QDir(request.output).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        return std::unexpected(
            failure(QStringLiteral("%1 is a folder with files in it; --force replaces it").arg(request.output)));
    return {};
}
} // namespace

std::expected<PackBuildResult, PackBuildError> buildPack(const PackBuildRequest &request)
{
    const bool zip = request.output.endsWith(QStringLiteral(".zip"), Qt::CaseInsensitive);
    if (auto ok = checkOutput(request, zip); !ok)
        return std::unexpected(ok.error());
    const auto course = PackLoader(request.unpackRoot).load(request.packPath);
    if (!course)
        return std::unexpected(PackBuildError{QStringLiteral("the pack cannot be read"), {course.error()}});
    if (!course->problems.isEmpty())
        return std::unexpected(
            PackBuildError{QStringLiteral("the pack has problems; fix them, and build again"), course->problems});
    auto entries = readFolder(course->folder);
    if (!entries)
        return std::unexpected(entries.error());
    PackBuildResult result;
    result.output = QFileInfo(request.output).absoluteFilePath();
    result.courseTitle = course->title;
    result.exercises = int(course->exercises.size());
    if (request.audience == PackAudience::Learner) {
        for (const Exercise &exercise : course->exercises) {
            const auto left = leaveOutForLearners(*entries, exercise, course->folder);
            if (!left)
                return std::unexpected(left.error());
            if (left->solutions || left->wrongPrograms || left->secretTests || left->secretFiles)
                result.leftOut.append(*left);
        }
    }
    result.files = int(entries->size());
    const auto written = zip ? PackZip::write(*entries, result.output) : writeFolder(*entries, result.output);
    if (!written)
        return std::unexpected(failure(written.error()));
    result.bytes = *written;
    if (auto ok = readBack(result.output, request, *course); !ok) {
        zip ? QFile::remove(result.output) : QDir(result.output).removeRecursively();
        return std::unexpected(ok.error());
    }
    return result;
}

} // namespace Sandpit::Core
