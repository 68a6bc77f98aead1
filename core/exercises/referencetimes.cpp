#include "exercises/referencetimes.h"

#include <QDateTime>
#include <QSaveFile>
#include <QSysInfo>
#include <QThread>

#include <algorithm>

namespace Sandpit::Core {

namespace {
/// A TOML basic string: the key of a test, whose name may hold anything.
QString quoted(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

qint64 median(QList<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

QByteArray fileText(const Exercise &exercise, const QList<ReferenceTime> &times)
{
    QString text = QStringLiteral("# The reference solution's time on each test, written by `sandpit pack validate`\n"
                                  "# on %1, %2 (%3 cores). Run it again after changing a test or the solution.\n")
                       .arg(QSysInfo::machineHostName(),
                            QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd hh:mm 'UTC'")))
                       .arg(QThread::idealThreadCount());
    for (const ReferenceTime &time : times) {
        if (time.exerciseId != exercise.id)
            continue;
        text += QStringLiteral("\n[%1.%2]\nwall_ms = %3\ncpu_ms = %4\n")
                    .arg(quoted(time.languageId), quoted(time.testName))
                    .arg(time.wallMs)
                    .arg(time.cpuMs);
    }
    return text.toUtf8();
}
} // namespace

CheckReport medianTimes(const QList<CheckReport> &runs)
{
    if (runs.isEmpty())
        return {};
    CheckReport result = runs.first();
    for (qsizetype i = 0; i < result.tests.size(); ++i) {
        QList<qint64> wall, cpu;
        for (const CheckReport &run : runs) {
            if (i >= run.tests.size())
                continue;
            const TestOutcome &outcome = run.tests.at(i);
            wall << outcome.wallMs;
            cpu << outcome.cpuMs;
            if (result.tests.at(i).passed() && !outcome.passed())
                result.tests[i] = outcome;
        }
        result.tests[i].wallMs = median(wall);
        result.tests[i].cpuMs = median(cpu);
    }
    return result;
}

QByteArray learnerReferenceTimes(const Exercise &exercise)
{
    QString text;
    for (auto language = exercise.referenceWallMs.cbegin(); language != exercise.referenceWallMs.cend(); ++language)
        for (const ExerciseTest &test : exercise.tests)
            if (test.visibility != Visibility::Secret && language->contains(test.name))
                text += QStringLiteral("\n[%1.%2]\nwall_ms = %3\n")
                            .arg(quoted(language.key()), quoted(test.name))
                            .arg(language->value(test.name));
    if (text.isEmpty())
        return {};
    return QStringLiteral("# The reference solution's time on each test this build holds, from the instructor's\n"
                          "# reference-times.toml: the time limits are multiples of them.\n%1")
        .arg(text)
        .toUtf8();
}

QList<ValidationFinding> writeReferenceTimes(const Course &course, const QList<ReferenceTime> &times)
{
    QList<ValidationFinding> problems;
    for (const Exercise &exercise : course.exercises) {
        const bool measured = std::any_of(times.begin(), times.end(),
                                          [&](const ReferenceTime &time) { return time.exerciseId == exercise.id; });
        if (!measured)
            continue;
        const QString path = exercise.folder + QStringLiteral("/reference-times.toml");
        QSaveFile file(path);
        if (file.open(QIODevice::WriteOnly) && file.write(fileText(exercise, times)) >= 0 && file.commit())
            continue;
        problems << ValidationFinding{
            ValidationFinding::Severity::Warning,
            exercise.id,
            {},
            QStringLiteral("reference-times.toml"),
            {},
            QStringLiteral("The reference times could not be written: %1").arg(file.errorString()),
            path,
            0};
    }
    return problems;
}

} // namespace Sandpit::Core
