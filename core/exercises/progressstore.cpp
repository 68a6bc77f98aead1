#include "exercises/progressstore.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>

namespace Sandpit::Core {

namespace {
constexpr int kVersion = 1;
// A progress file is a few kilobytes; one far larger is not ours, and is set aside unread.
constexpr qint64 kMaxFileSize = 8LL * 1024 * 1024;

QString fileNameFor(const QString &courseId)
{
    QString name;
    for (const QChar c : courseId)
        name += (c.isLetterOrNumber() && c.unicode() < 0x80) || c == u'-' || c == u'_' ? c : QChar(u'_');
    return (name.isEmpty() ? QStringLiteral("course") : name) + QStringLiteral(".json");
}

QJsonObject toJson(const ExerciseProgress &exercise)
{
    QJsonObject verdicts;
    for (auto it = exercise.lastVerdicts.cbegin(); it != exercise.lastVerdicts.cend(); ++it)
        verdicts.insert(it.key(), verdictId(it.value()));
    QJsonObject object{{QStringLiteral("best_score"), exercise.bestScore},
                       {QStringLiteral("max_score"), exercise.maxScore},
                       {QStringLiteral("attempts"), exercise.attempts},
                       {QStringLiteral("failed_attempts"), exercise.failedAttempts},
                       {QStringLiteral("last_verdicts"), verdicts}};
    if (exercise.firstPass.isValid())
        object.insert(QStringLiteral("first_pass"), exercise.firstPass.toUTC().toString(Qt::ISODate));
    return object;
}

/// An exercise's record, or none when the JSON is not one.
std::optional<ExerciseProgress> fromJson(const QJsonValue &value)
{
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject object = value.toObject();
    ExerciseProgress exercise;
    for (auto [key, field] :
         {std::pair{"best_score", &exercise.bestScore}, std::pair{"max_score", &exercise.maxScore},
          std::pair{"attempts", &exercise.attempts}, std::pair{"failed_attempts", &exercise.failedAttempts}}) {
        const QJsonValue number = object.value(QLatin1StringView(key));
        if (!number.isDouble() || number.toDouble() < 0)
            return std::nullopt;
        *field = number.toInt();
    }
    const QJsonValue firstPass = object.value(QStringLiteral("first_pass"));
    if (!firstPass.isUndefined()) {
        exercise.firstPass = QDateTime::fromString(firstPass.toString(), Qt::ISODate);
        if (!exercise.firstPass.isValid())
            return std::nullopt;
    }
    const QJsonValue verdicts = object.value(QStringLiteral("last_verdicts"));
    if (!verdicts.isObject())
        return std::nullopt;
    const QJsonObject verdictObject = verdicts.toObject();
    for (auto it = verdictObject.begin(); it != verdictObject.end(); ++it) {
        const std::optional<Verdict> verdict = verdictFromId(it.value().toString());
        if (!verdict)
            return std::nullopt;
        exercise.lastVerdicts.insert(it.key(), *verdict);
    }
    return exercise;
}

/// The course's progress in `bytes`, or why it is not a progress file.
std::expected<CourseProgress, QString> parse(const QByteArray &bytes, const QString &courseId)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (!document.isObject())
        return std::unexpected(error.error != QJsonParseError::NoError ? error.errorString()
                                                                       : QStringLiteral("it is not a JSON object"));
    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("version")).toInt(-1) != kVersion)
        return std::unexpected(QStringLiteral("it is not version %1 of the progress file").arg(kVersion));
    if (!root.value(QStringLiteral("exercises")).isObject())
        return std::unexpected(QStringLiteral("it has no list of exercises"));
    CourseProgress progress;
    progress.courseId = courseId;
    const QJsonObject exercises = root.value(QStringLiteral("exercises")).toObject();
    for (auto it = exercises.begin(); it != exercises.end(); ++it) {
        const std::optional<ExerciseProgress> exercise = fromJson(it.value());
        if (!exercise)
            return std::unexpected(QStringLiteral("the record of “%1” is damaged").arg(it.key()));
        progress.exercises.insert(it.key(), *exercise);
    }
    return progress;
}
} // namespace

int CourseProgress::solvedCount() const
{
    return int(
        std::count_if(exercises.cbegin(), exercises.cend(), [](const ExerciseProgress &e) { return e.solved(); }));
}

void CourseProgress::record(const CheckReport &report, const QDateTime &when)
{
    ExerciseProgress &exercise = exercises[report.exerciseId];
    exercise.lastVerdicts.clear();
    bool stopped = false;
    bool failed = false;
    for (const TestOutcome &test : report.tests) {
        exercise.lastVerdicts.insert(test.testName, test.verdict);
        stopped = stopped || test.verdict == Verdict::Stopped;
        failed = failed || test.countsAgainstLearner();
    }
    exercise.maxScore = report.maxScore;
    exercise.bestScore = std::max(exercise.bestScore, report.score);
    const bool passed = report.allPassed();
    if (failed || (passed && !stopped)) {
        ++exercise.attempts;
        exercise.failedAttempts += failed ? 1 : 0;
    }
    if (passed && !exercise.firstPass.isValid())
        exercise.firstPass = when;
}

ProgressStore::ProgressStore(QString folder)
    : m_folder(std::move(folder))
{
}

QString ProgressStore::pathFor(const QString &courseId) const
{
    return m_folder + QLatin1Char('/') + fileNameFor(courseId);
}

ProgressStore::Loaded ProgressStore::load(const QString &courseId) const
{
    Loaded loaded;
    loaded.progress.courseId = courseId;
    const QString path = pathFor(courseId);
    QFile file(path);
    if (!file.exists())
        return loaded;
    std::expected<CourseProgress, QString> parsed = std::unexpected(QStringLiteral("it is too large"));
    if (!file.open(QIODevice::ReadOnly))
        parsed = std::unexpected(file.errorString());
    else if (file.size() <= kMaxFileSize)
        parsed = parse(file.readAll(), courseId);
    file.close();
    if (parsed) {
        loaded.progress = *parsed;
        return loaded;
    }
    // Never lost: the file is kept beside, under a name that says when and why.
    const QString aside = path + QStringLiteral(".corrupt-")
        + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    const bool moved = QFile::rename(path, aside);
    loaded.notice = moved ? QStringLiteral("Your progress file for this course could not be read (%1), so it was set "
                                           "aside as %2 and progress starts afresh.")
                                .arg(parsed.error(), QDir::toNativeSeparators(aside))
                          : QStringLiteral("Your progress file %1 could not be read (%2); it is left as it is, and "
                                           "progress is not saved until it is moved away.")
                                .arg(QDir::toNativeSeparators(path), parsed.error());
    return loaded;
}

std::expected<void, QString> ProgressStore::save(const CourseProgress &progress) const
{
    if (!QDir().mkpath(m_folder))
        return std::unexpected(QStringLiteral("The folder %1 cannot be made.").arg(QDir::toNativeSeparators(m_folder)));
    QJsonObject exercises;
    for (auto it = progress.exercises.cbegin(); it != progress.exercises.cend(); ++it)
        exercises.insert(it.key(), toJson(it.value()));
    const QJsonObject root{{QStringLiteral("version"), kVersion},
                           {QStringLiteral("course"), progress.courseId},
                           {QStringLiteral("exercises"), exercises}};
    const QByteArray bytes = QJsonDocument(root).toJson();
    QSaveFile file(pathFor(progress.courseId));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        return std::unexpected(QStringLiteral("Your progress could not be saved in %1: %2.")
                                   .arg(QDir::toNativeSeparators(file.fileName()), file.errorString()));
    }
    return {};
}

QList<Hint> ProgressStore::unlockedHints(const Exercise &exercise, int failedAttempts)
{
    QList<Hint> unlocked;
    for (const Hint &hint : exercise.hints)
        if (hint.afterAttempts <= failedAttempts)
            unlocked.append(hint);
    return unlocked;
}

} // namespace Sandpit::Core
