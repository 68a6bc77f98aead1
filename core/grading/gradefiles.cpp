#include "grading/gradefiles.h"

#include "grading/csvtext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QXmlStreamWriter>

namespace Sandpit::Core::GradeFiles {

namespace {

const QString kFormat = QStringLiteral("sandpit-grade-1");

/// What the student may read of a test: the verdict's explanation, the diff of a visible test,
/// the hint. A hidden test's explanation is already kept back by the judge.
QString testOutput(const TestOutcome &test)
{
    QStringList parts{test.explanation};
    if (test.visibility != Visibility::Hidden && !test.diff.isEmpty())
        parts << test.diff;
    if (!test.checkerFeedback.isEmpty() && test.visibility != Visibility::Hidden)
        parts << test.checkerFeedback;
    if (!test.passed() && !test.hint.isEmpty())
        parts << QStringLiteral("Hint: ") + test.hint;
    parts.removeAll(QString());
    return parts.join(QStringLiteral("\n\n"));
}

QJsonObject testJson(const TestOutcome &test, const QString &engine)
{
    const QJsonObject extra{
        {QStringLiteral("verdict"), verdictId(test.verdict)},
        {QStringLiteral("visibility"), visibilityId(test.visibility)},
        {QStringLiteral("kill_reason"), killReasonId(test.killReason)},
        {QStringLiteral("limits_reached"), QJsonArray::fromStringList(test.limitsReached)},
        {QStringLiteral("cpu_time_ms"), test.cpuMs},
        {QStringLiteral("wall_time_ms"), test.wallMs},
        {QStringLiteral("peak_memory_bytes"), test.peakMemoryBytes},
        {QStringLiteral("engine"), engine},
    };
    return {
        {QStringLiteral("name"), test.testName},
        {QStringLiteral("status"), test.passed() ? QStringLiteral("passed") : QStringLiteral("failed")},
        {QStringLiteral("score"), test.points},
        {QStringLiteral("max_score"), test.maxPoints},
        {QStringLiteral("output"), testOutput(test)},
        {QStringLiteral("visibility"), gradescopeVisibility(test.visibility)},
        {QStringLiteral("extra_data"), extra},
    };
}

QString commit(QSaveFile &file, const QByteArray &content)
{
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit())
        return QStringLiteral("Could not write %1: %2").arg(file.fileName(), file.errorString());
    return {};
}

TestOutcome testFromJson(const QJsonObject &object)
{
    TestOutcome test;
    const QJsonObject extra = object.value(QStringLiteral("extra_data")).toObject();
    test.testName = object.value(QStringLiteral("name")).toString();
    test.points = object.value(QStringLiteral("score")).toInt();
    test.maxPoints = object.value(QStringLiteral("max_score")).toInt();
    test.explanation = object.value(QStringLiteral("output")).toString();
    test.verdict = verdictFromId(extra.value(QStringLiteral("verdict")).toString()).value_or(Verdict::Stopped);
    test.killReason
        = killReasonFromId(extra.value(QStringLiteral("kill_reason")).toString()).value_or(KillReason::None);
    test.cpuMs = extra.value(QStringLiteral("cpu_time_ms")).toInteger();
    test.wallMs = extra.value(QStringLiteral("wall_time_ms")).toInteger();
    test.peakMemoryBytes = extra.value(QStringLiteral("peak_memory_bytes")).toInteger();
    // Sandpit's own word, kept beside Gradescope's (which has one word for two of ours).
    test.visibility
        = visibilityFromId(extra.value(QStringLiteral("visibility")).toString()).value_or(Visibility::Hidden);
    return test;
}

} // namespace

QString gradescopeVisibility(Visibility visibility)
{
    switch (visibility) {
    case Visibility::Example:
    case Visibility::Visible:
        return QStringLiteral("visible");
    case Visibility::Hidden:
        return QStringLiteral("after_due_date");
    case Visibility::Secret:
        return QStringLiteral("hidden");
    }
    return QStringLiteral("hidden");
}

QJsonObject resultsJson(const StudentGrade &grade)
{
    QJsonArray tests;
    for (const TestOutcome &test : grade.report.tests)
        tests << testJson(test, grade.engine);
    const QString output = grade.error.isEmpty()
        ? QStringLiteral("%1 of %2 tests passed.")
              .arg(std::count_if(grade.report.tests.begin(), grade.report.tests.end(),
                                 [](const TestOutcome &test) { return test.passed(); }))
              .arg(grade.report.tests.size())
        : grade.error;
    const QJsonObject extra{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("student"), grade.student},
        {QStringLiteral("exercise"), grade.report.exerciseId},
        {QStringLiteral("language"), grade.report.languageId},
        {QStringLiteral("engine"), grade.engine},
        {QStringLiteral("error"), grade.error},
        {QStringLiteral("max_score"), grade.report.maxScore},
    };
    return {
        {QStringLiteral("score"), grade.report.score},
        {QStringLiteral("execution_time"), grade.executionMs / 1000.0},
        {QStringLiteral("output"), output},
        {QStringLiteral("visibility"), QStringLiteral("visible")},
        {QStringLiteral("stdout_visibility"), QStringLiteral("hidden")},
        {QStringLiteral("tests"), tests},
        {QStringLiteral("extra_data"), extra},
    };
}

QString writeResults(const StudentGrade &grade)
{
    QSaveFile file(grade.resultsPath);
    return commit(file, QJsonDocument(resultsJson(grade)).toJson());
}

std::optional<StudentGrade> readResults(const QString &path, const QString &exerciseId)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject extra = root.value(QStringLiteral("extra_data")).toObject();
    if (extra.value(QStringLiteral("format")).toString() != kFormat
        || extra.value(QStringLiteral("exercise")).toString() != exerciseId
        || !root.value(QStringLiteral("tests")).isArray())
        return std::nullopt;
    StudentGrade grade;
    grade.student = extra.value(QStringLiteral("student")).toString();
    grade.engine = extra.value(QStringLiteral("engine")).toString();
    grade.error = extra.value(QStringLiteral("error")).toString();
    grade.skipped = true;
    grade.resultsPath = path;
    grade.executionMs = qRound64(root.value(QStringLiteral("execution_time")).toDouble() * 1000);
    grade.report.exerciseId = exerciseId;
    grade.report.languageId = extra.value(QStringLiteral("language")).toString();
    grade.report.backend = grade.engine;
    grade.report.score = root.value(QStringLiteral("score")).toInt();
    grade.report.maxScore = extra.value(QStringLiteral("max_score")).toInt();
    for (const QJsonValue &test : root.value(QStringLiteral("tests")).toArray())
        grade.report.tests << testFromJson(test.toObject());
    return grade;
}

QString writeSummaryCsv(const QString &path, const QStringList &testNames, const QList<StudentGrade> &grades)
{
    QStringList header{QStringLiteral("student"), QStringLiteral("score"), QStringLiteral("max")};
    for (const QString &name : testNames)
        header << name;
    header << QStringLiteral("verdicts") << QStringLiteral("engine") << QStringLiteral("error");
    QString text = csvRow(header);
    for (const StudentGrade &grade : grades) {
        QStringList fields{grade.student, QString::number(grade.report.score), QString::number(grade.report.maxScore)};
        QStringList verdicts;
        for (const QString &name : testNames) {
            const auto test = std::find_if(grade.report.tests.begin(), grade.report.tests.end(),
                                           [&](const TestOutcome &t) { return t.testName == name; });
            fields << (test == grade.report.tests.end() ? QString() : QString::number(test->points));
            if (test != grade.report.tests.end())
                verdicts << name + QLatin1Char('=') + verdictId(test->verdict);
        }
        fields << verdicts.join(QLatin1Char(' ')) << grade.engine << grade.error;
        text += csvRow(fields);
    }
    QSaveFile file(path);
    return commit(file, text.toUtf8());
}

QString writeJUnit(const QString &path, const QList<StudentGrade> &grades)
{
    QByteArray xml;
    QXmlStreamWriter writer(&xml);
    writer.setAutoFormatting(true);
    writer.writeStartDocument();
    writer.writeStartElement(QStringLiteral("testsuites"));
    for (const StudentGrade &grade : grades) {
        writer.writeStartElement(QStringLiteral("testsuite"));
        writer.writeAttribute(QStringLiteral("name"), grade.student);
        writer.writeAttribute(QStringLiteral("tests"), QString::number(grade.report.tests.size()));
        const auto failures = std::count_if(grade.report.tests.begin(), grade.report.tests.end(),
                                            [](const TestOutcome &test) { return !test.passed(); });
        writer.writeAttribute(QStringLiteral("failures"), QString::number(failures));
        writer.writeAttribute(QStringLiteral("errors"), QString::number(grade.error.isEmpty() ? 0 : 1));
        if (!grade.error.isEmpty()) {
            writer.writeStartElement(QStringLiteral("testcase"));
            writer.writeAttribute(QStringLiteral("name"), QStringLiteral("submission"));
            writer.writeStartElement(QStringLiteral("error"));
            writer.writeAttribute(QStringLiteral("message"), grade.error);
            writer.writeEndElement();
            writer.writeEndElement();
        }
        for (const TestOutcome &test : grade.report.tests) {
            writer.writeStartElement(QStringLiteral("testcase"));
            writer.writeAttribute(QStringLiteral("name"), test.testName);
            writer.writeAttribute(QStringLiteral("classname"), grade.student);
            writer.writeAttribute(QStringLiteral("time"), QString::number(test.wallMs / 1000.0, 'f', 3));
            if (!test.passed()) {
                writer.writeStartElement(QStringLiteral("failure"));
                writer.writeAttribute(QStringLiteral("type"), verdictId(test.verdict));
                writer.writeAttribute(QStringLiteral("message"), verdictTitle(test.verdict));
                writer.writeCharacters(testOutput(test));
                writer.writeEndElement();
            }
            writer.writeEndElement();
        }
        writer.writeEndElement();
    }
    writer.writeEndElement();
    writer.writeEndDocument();
    QSaveFile file(path);
    return commit(file, xml);
}

} // namespace Sandpit::Core::GradeFiles
