#include "grading/submission.h"

#include "exercises/packarchive.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace Sandpit::Core {

namespace {

const QString kZipSuffix = QStringLiteral(".zip");

/// Where the files of an unpacked submission are: a zip of a whole folder holds that folder
/// alone, and its files are below it.
QString contentFolder(const QString &folder)
{
    const QDir dir(folder);
    const QStringList files = dir.entryList(QDir::Files | QDir::NoDotAndDotDot);
    QStringList folders = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    folders.removeAll(QStringLiteral("__MACOSX")); // what macOS's Compress adds beside the folder
    if (files.isEmpty() && folders.size() == 1)
        return dir.filePath(folders.first());
    return folder;
}

QString extensionOf(const QString &fileName)
{
    return QFileInfo(fileName).suffix();
}

QString listed(const QStringList &names)
{
    if (names.size() <= 1)
        return names.join(QString());
    return names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + names.last();
}

} // namespace

SubmissionIntake::SubmissionIntake(Exercise exercise, QString languageId, QString unpackRoot)
    : m_exercise(std::move(exercise))
    , m_languageId(std::move(languageId))
    , m_unpackRoot(std::move(unpackRoot))
{
}

Expected<QList<Submission>> SubmissionIntake::list(const QString &folder)
{
    const QDir dir(folder);
    if (!QFileInfo(folder).isDir() || !dir.isReadable()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("Cannot read the submissions folder %1.").arg(folder));
    }
    QList<Submission> submissions;
    QSet<QString> seen; // student names, as a case-insensitive file system would see them
    const auto entries = dir.entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &entry : entries) {
        const bool zip = entry.isFile() && entry.fileName().endsWith(kZipSuffix, Qt::CaseInsensitive);
        if (!entry.isDir() && !zip)
            continue;
        const QString name = zip ? entry.fileName().chopped(kZipSuffix.size()) : entry.fileName();
        Submission submission{name, entry.absoluteFilePath(), {}, {}, {}};
        // A link is refused: it could name any file of this computer, read by the grader itself
        // and not by a sandboxed program. A name that is a path step, or a second hand-in of the
        // same student, would put results where another student's are.
        if (entry.isSymLink())
            submission.error
                = QStringLiteral("refused %1: it is a link; hand in a folder or a zip").arg(entry.fileName());
        else if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String(".."))
            submission.error = QStringLiteral("refused %1: not a student's name").arg(entry.fileName());
        else if (seen.contains(name.toLower())) {
            submission.error = QStringLiteral("refused %1: %2 handed in twice").arg(entry.fileName(), name);
            submission.student = entry.fileName(); // its own results, never over the first one's
        }
        seen.insert(name.toLower());
        if (!submission.error.isEmpty() && (name.isEmpty() || name.startsWith(QLatin1Char('.'))))
            submission.student = QStringLiteral("_") + name; // never a path step under --out
        submissions << submission;
    }
    return submissions;
}

void SubmissionIntake::prepare(Submission &submission) const
{
    if (!submission.error.isEmpty())
        return; // refused when it was listed
    QString folder = submission.source;
    if (QFileInfo(folder).isFile()) {
        const auto unpacked = PackArchive::unpack(submission.source, m_unpackRoot);
        if (!unpacked) {
            submission.error = QStringLiteral("refused %1: %2")
                                   .arg(QFileInfo(submission.source).fileName(), unpacked.error().message);
            return;
        }
        folder = *unpacked;
    }
    submission.file = findProgram(contentFolder(folder), submission);
}

QString SubmissionIntake::findProgram(const QString &folder, Submission &submission) const
{
    const QDir dir(folder);
    const QStringList files = dir.entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    QList<const ExerciseLanguage *> accepted;
    for (const ExerciseLanguage &language : m_exercise.languages)
        if (m_languageId.isEmpty() || language.languageId == m_languageId)
            accepted << &language;
    // The exercise's own entry names first: an entry file beside stray files is the program.
    QStringList entries, expected;
    const ExerciseLanguage *chosen = nullptr;
    for (const ExerciseLanguage *language : accepted) {
        expected << language->entryFile;
        if (files.contains(language->entryFile)) {
            entries << language->entryFile;
            chosen = language;
        }
    }
    // Else the one source file in an accepted language, whatever its name.
    if (entries.isEmpty()) {
        for (const QString &file : files) {
            for (const ExerciseLanguage *language : accepted) {
                if (extensionOf(file) == extensionOf(language->entryFile)) {
                    entries << file;
                    chosen = language;
                    break;
                }
            }
        }
    }
    if (entries.size() == 1) {
        // Read by the grader, outside any sandbox: a link could name any file of this computer.
        if (QFileInfo(dir.filePath(entries.first())).isSymLink()) {
            submission.error = QStringLiteral("refused %1: it is a link, not the program").arg(entries.first());
            return {};
        }
        submission.languageId = chosen->languageId;
        return dir.filePath(entries.first());
    }
    const QString wanted = expected.join(QStringLiteral(" or "));
    submission.error = entries.isEmpty() ? QStringLiteral("no program found; expected %1").arg(wanted)
                                         : QStringLiteral("found %1; expected %2").arg(listed(entries), wanted);
    return {};
}

} // namespace Sandpit::Core
