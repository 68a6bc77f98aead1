// Grading a class as an instructor does: tests/fixtures/grading/students (good, wrong and
// hostile submissions) against tests/fixtures/grading/pack through a real GradeBatch, on the
// local sandbox, or (tst_gradebatch_docker) in Docker across two engines, one of them dead.

#include "grading/gradebatch.h"
#include "support/runharness.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
constexpr int kBatchTimeoutMs = 240000;
const QString kExercise = QStringLiteral("02-max-of-three-c");
const QStringList kWithPrograms{QStringLiteral("ada"), QStringLiteral("bob"), QStringLiteral("compilebomb"),
                                QStringLiteral("cy"), QStringLiteral("forkbomb")};
constexpr int kStudents = 10;

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

const StudentGrade *gradeOf(const GradeSummary &summary, const QString &student)
{
    for (const StudentGrade &grade : summary.grades)
        if (grade.student == student)
            return &grade;
    return nullptr;
}
} // namespace

class TestGradeBatch : public QObject
{
    Q_OBJECT

    std::optional<QTemporaryDir> m_out;

    GradeRequest request() const
    {
        GradeRequest request;
        request.packPath = fixturesDir() + QStringLiteral("/grading/pack");
        request.exerciseId = kExercise;
        request.submissionsPath = fixturesDir() + QStringLiteral("/grading/students");
        request.outDir = m_out->path();
        request.jobs = 2;
        if (kDocker)
            request.engines = {QStringLiteral("unix:///var/run/docker.sock")};
        return request;
    }

    /// The batch run to its end; the test fails if it failed or never ended.
    GradeSummary grade(const GradeRequest &request)
    {
        GradeBatch batch;
        return grade(batch, request);
    }

    GradeSummary grade(GradeBatch &batch, const GradeRequest &request)
    {
        QSignalSpy finished(&batch, &GradeBatch::batchFinished);
        QSignalSpy failed(&batch, &GradeBatch::batchFailed);
        batch.start(request);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(finished.count() + failed.count() == 1, kBatchTimeoutMs); }();
        if (failed.count() == 1)
            qWarning("batch failed: %s", qPrintable(failed.at(0).at(0).value<RunError>().message));
        return finished.isEmpty() ? GradeSummary{} : finished.at(0).at(0).value<GradeSummary>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        if (kDocker) {
            qputenv("SANDPIT_DOCKER_IMAGE_C", "sandpit-offline/gcc:12");
        }
    }
    void init() { QVERIFY(m_out.emplace().isValid()); }

    void gradesGoodWrongAndHostileSubmissions()
    {
        const GradeSummary summary = grade(request());
        QCOMPARE(summary.students, kStudents);
        QCOMPARE(summary.graded, 5);
        QCOMPARE(summary.failed, 5);
        QVERIFY(summary.left.isEmpty());
        QCOMPARE(gradeOf(summary, QStringLiteral("ada"))->report.score, 4);
        QCOMPARE(gradeOf(summary, QStringLiteral("cy"))->report.score, 4);  // from a zip of a folder
        QCOMPARE(gradeOf(summary, QStringLiteral("bob"))->report.score, 3); // main.c: the one C file
        QCOMPARE(gradeOf(summary, QStringLiteral("dee"))->error,
                 QStringLiteral("found a.c and b.c; expected largest.c"));
        QVERIFY(gradeOf(summary, QStringLiteral("eve"))->error.contains(QStringLiteral("no program found")));
        for (const QString &hostile : {QStringLiteral("dotdot"), QStringLiteral("link"), QStringLiteral("zipbomb")})
            QVERIFY2(gradeOf(summary, hostile)->error.startsWith(QStringLiteral("refused ")), qPrintable(hostile));
        QVERIFY(gradeOf(summary, QStringLiteral("zipbomb"))->error.contains(QStringLiteral("zip bomb")));
        QVERIFY(!QFile::exists(QDir(m_out->path()).filePath(QStringLiteral("../escaped.c"))));
        // The compile bomb is stopped by the compile stage's limits; the fork bomb that kills its
        // parent harms nothing but its own score.
        const StudentGrade *compileBomb = gradeOf(summary, QStringLiteral("compilebomb"));
        QCOMPARE(compileBomb->report.score, 0);
        QVERIFY(!compileBomb->report.tests.isEmpty());
        QCOMPARE(gradeOf(summary, QStringLiteral("forkbomb"))->report.score, 0);
        QCOMPARE(gradeOf(summary, QStringLiteral("forkbomb"))->report.tests.size(), 4);
        for (const StudentGrade &grade : summary.grades)
            QVERIFY2(QFile::exists(grade.resultsPath), qPrintable(grade.student));
    }

    // A folder's program that is a link would be read by the grader itself, outside any
    // sandbox: here the pack's own solution, for full marks. Refused, as is a second hand-in of
    // the same student, which would write over the first one's results.
    void aLinkedProgramAndAStudentTwiceAreRefused()
    {
        QTemporaryDir students;
        const QDir dir(students.path());
        QVERIFY(dir.mkpath(QStringLiteral("mallory")) && dir.mkpath(QStringLiteral("ada"))
                && dir.mkpath(QStringLiteral("ADA")));
        QVERIFY(QFile::link(fixturesDir() + QStringLiteral("/grading/pack/") + kExercise
                                + QStringLiteral("/solution/largest.c"),
                            dir.filePath(QStringLiteral("mallory/largest.c"))));
        for (const QString &copy : {QStringLiteral("ada"), QStringLiteral("ADA")})
            QVERIFY(QFile::copy(fixturesDir() + QStringLiteral("/grading/students/ada/largest.c"),
                                dir.filePath(copy + QStringLiteral("/largest.c"))));
        GradeRequest twice = request();
        twice.submissionsPath = students.path();
        const GradeSummary summary = grade(twice);
        QCOMPARE(summary.students, 3);
        const StudentGrade *mallory = gradeOf(summary, QStringLiteral("mallory"));
        QVERIFY(mallory);
        QCOMPARE(mallory->report.score, 0);
        QCOMPARE(mallory->error, QStringLiteral("refused largest.c: it is a link, not the program"));
        // "ADA" sorts first and is graded; "ada" is the same student again.
        QCOMPARE(gradeOf(summary, QStringLiteral("ADA"))->report.score, 4);
        QVERIFY2(gradeOf(summary, QStringLiteral("ada"))->error.contains(QStringLiteral("handed in twice")),
                 qPrintable(gradeOf(summary, QStringLiteral("ada"))->error));
    }

    void resultsJsonFollowsGradescopesSchema()
    {
        grade(request());
        const QJsonObject bob = readJson(m_out->filePath(QStringLiteral("bob/results.json")));
        QCOMPARE(bob.value(QStringLiteral("score")).toDouble(), 3.0);
        QVERIFY(bob.value(QStringLiteral("execution_time")).isDouble());
        QVERIFY(bob.value(QStringLiteral("output")).isString());
        const QJsonArray tests = bob.value(QStringLiteral("tests")).toArray();
        QCOMPARE(tests.size(), 4);
        int failed = 0;
        for (const QJsonValue &value : tests) {
            const QJsonObject test = value.toObject();
            QVERIFY(!test.value(QStringLiteral("name")).toString().isEmpty());
            const QString status = test.value(QStringLiteral("status")).toString();
            QVERIFY(status == QStringLiteral("passed") || status == QStringLiteral("failed"));
            QVERIFY(test.value(QStringLiteral("score")).isDouble());
            QCOMPARE(test.value(QStringLiteral("max_score")).toDouble(), 1.0);
            QVERIFY(QStringList({QStringLiteral("visible"), QStringLiteral("hidden"), QStringLiteral("after_due_date")})
                        .contains(test.value(QStringLiteral("visibility")).toString()));
            const QJsonObject extra = test.value(QStringLiteral("extra_data")).toObject();
            QVERIFY(verdictFromId(extra.value(QStringLiteral("verdict")).toString()).has_value());
            QVERIFY(extra.contains(QStringLiteral("kill_reason")));
            QVERIFY(extra.contains(QStringLiteral("peak_memory_bytes")));
            QVERIFY(extra.contains(QStringLiteral("cpu_time_ms")));
            QVERIFY(!extra.value(QStringLiteral("engine")).toString().isEmpty());
            if (status == QStringLiteral("failed")) {
                ++failed;
                QCOMPARE(extra.value(QStringLiteral("verdict")).toString(), QStringLiteral("wrong-answer"));
                QVERIFY(test.value(QStringLiteral("output")).toString().contains(QStringLiteral("expected")));
            }
        }
        QCOMPARE(failed, 1);
    }

    void junitAndCsvSummariseTheClass()
    {
        const GradeSummary summary = grade(request());
        QFile junit(summary.junitPath);
        QVERIFY(junit.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&junit);
        int suites = 0, failures = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            suites += xml.isStartElement() && xml.name() == QStringLiteral("testsuite");
            failures += xml.isStartElement() && xml.name() == QStringLiteral("failure");
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(suites, kStudents);
        QCOMPARE(failures, 1 + 4 + 4); // bob's one, and every test of the two bombs
        QFile csv(summary.summaryCsvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + kStudents);
        QVERIFY(lines.at(0).startsWith("student,score,max,the middle one,"));
        QVERIFY(lines.at(1).startsWith("ada,4,4,1,1,1,1,"));
        QVERIFY(lines.at(2).startsWith("bob,3,4,1,0,1,1,"));
    }

    void aSecondRunResumesAndForceGradesAgain()
    {
        grade(request());
        // A results.json cut short is not complete: that student is graded again.
        QFile cut(m_out->filePath(QStringLiteral("ada/results.json")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write("{\"score\": 4, \"tes");
        cut.close();
        GradeSummary resumed = grade(request());
        // The four others graded before are skipped; the five that could not be graded are
        // looked at again (a submission may have been put right since), and still cannot be.
        QCOMPARE(resumed.skipped, 4);
        QCOMPARE(resumed.graded, 1);
        QCOMPARE(resumed.failed, 5);
        QCOMPARE(gradeOf(resumed, QStringLiteral("ada"))->report.score, 4);
        QVERIFY(gradeOf(resumed, QStringLiteral("bob"))->skipped);
        QCOMPARE(gradeOf(resumed, QStringLiteral("bob"))->report.score, 3);
        GradeRequest again = request();
        again.force = true;
        const GradeSummary forced = grade(again);
        QCOMPARE(forced.skipped, 0);
        QCOMPARE(forced.graded, 5);
    }

    void everyEngineDeadLeavesTheStudentsForNextTime()
    {
        GradeRequest request = this->request();
        request.engines = {QStringLiteral("unix://") + m_out->filePath(QStringLiteral("no-daemon-1.sock")),
                           QStringLiteral("unix://") + m_out->filePath(QStringLiteral("no-daemon-2.sock"))};
        GradeBatch batch;
        QSignalSpy dropped(&batch, &GradeBatch::engineDropped);
        QSignalSpy finished(&batch, &GradeBatch::batchFinished);
        batch.start(request);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBatchTimeoutMs);
        const auto summary = finished.at(0).at(0).value<GradeSummary>();
        QCOMPARE(dropped.count(), 2);
        QStringList left = summary.left;
        left.sort();
        QCOMPARE(left, kWithPrograms);
        for (const QString &student : kWithPrograms)
            QVERIFY(!QFile::exists(m_out->filePath(student + QStringLiteral("/results.json"))));
    }

#ifdef SANDPIT_TEST_DOCKER
    void aDeadEngineHandsItsStudentsToTheLiveOne()
    {
        const GradeSummary alone = grade(request());
        QTemporaryDir otherOut;
        GradeRequest request = this->request();
        request.outDir = otherOut.path();
        request.engines.prepend(QStringLiteral("unix://") + m_out->filePath(QStringLiteral("no-daemon.sock")));
        const GradeSummary shared = grade(request);
        QVERIFY(shared.left.isEmpty());
        QCOMPARE(shared.graded, alone.graded);
        for (const StudentGrade &grade : alone.grades) {
            const StudentGrade *other = gradeOf(shared, grade.student);
            QVERIFY(other);
            QCOMPARE(other->report.score, grade.report.score);
            QCOMPARE(other->error, grade.error);
            if (grade.error.isEmpty())
                QCOMPARE(other->engine, QStringLiteral("unix:///var/run/docker.sock"));
        }
    }
#endif

    // Stopped before its plan is made: the plan stops at its next zip, nothing is graded, and
    // the summary (written once, after the plan) still counts the whole class, the rest left
    // for next time.
    void stopWhilePlanningLeavesTheClassForNextTime()
    {
        GradeBatch batch;
        QSignalSpy started(&batch, &GradeBatch::batchStarted);
        QSignalSpy finished(&batch, &GradeBatch::batchFinished);
        batch.start(request());
        batch.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBatchTimeoutMs);
        QCOMPARE(started.count(), 1);
        const auto summary = finished.at(0).at(0).value<GradeSummary>();
        QVERIFY(summary.stopped);
        QCOMPARE(summary.students, kStudents);
        QCOMPARE(summary.graded, 0);
        QCOMPARE(int(summary.grades.size() + summary.left.size()), kStudents);
        for (const QString &student : summary.left)
            QVERIFY2(!QFile::exists(studentResultsPath(m_out->path(), student)), qPrintable(student));
        // The next run grades them.
        const GradeSummary next = grade(batch, request());
        QCOMPARE(next.graded, 5);
        QVERIFY(next.left.isEmpty() && !next.stopped);
    }
};

QTEST_MAIN(TestGradeBatch)
#include "tst_gradebatch.moc"
