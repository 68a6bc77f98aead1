// A learner's progress: what a Check records, that it survives a restart, that a damaged file
// is set aside and never lost, and which hints a number of failed Checks unlocks.
#include "exercises/progressstore.h"
#include "support/testfiles.h"

#include <QDir>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using SandpitTest::readFile;
using SandpitTest::writeFile;

namespace {
TestOutcome outcome(const QString &name, Verdict verdict, int points, int maxPoints)
{
    TestOutcome test;
    test.testName = name;
    test.verdict = verdict;
    test.points = points;
    test.maxPoints = maxPoints;
    return test;
}

CheckReport report(std::initializer_list<TestOutcome> tests)
{
    CheckReport check;
    check.exerciseId = QStringLiteral("sum");
    check.tests = tests;
    for (const TestOutcome &test : tests) {
        check.score += test.points;
        check.maxScore += test.maxPoints;
    }
    return check;
}

const QDateTime kMonday(QDate(2026, 11, 23), QTime(9, 0), Qt::UTC);
const QDateTime kTuesday(QDate(2026, 11, 24), QTime(9, 0), Qt::UTC);
} // namespace

class TestProgressStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordsBestScoreAttemptsAndFirstPass()
    {
        CourseProgress progress;
        progress.record(report({outcome(QStringLiteral("a"), Verdict::Passed, 1, 1),
                                outcome(QStringLiteral("b"), Verdict::WrongAnswer, 0, 2)}),
                        kMonday);
        const ExerciseProgress &sum = progress.exercises[QStringLiteral("sum")];
        QCOMPARE(sum.bestScore, 1);
        QCOMPARE(sum.maxScore, 3);
        QCOMPARE(sum.attempts, 1);
        QCOMPARE(sum.failedAttempts, 1);
        QVERIFY(!sum.solved());
        QCOMPARE(progress.solvedCount(), 0);

        progress.record(report({outcome(QStringLiteral("a"), Verdict::Passed, 1, 1),
                                outcome(QStringLiteral("b"), Verdict::Passed, 2, 2)}),
                        kMonday);
        progress.record(report({outcome(QStringLiteral("a"), Verdict::TimeLimit, 0, 1),
                                outcome(QStringLiteral("b"), Verdict::Passed, 2, 2)}),
                        kTuesday);
        const ExerciseProgress &after = progress.exercises[QStringLiteral("sum")];
        QCOMPARE(after.bestScore, 3); // the best stays, though the last Check scored less
        QCOMPARE(after.attempts, 3);
        QCOMPARE(after.failedAttempts, 2);
        QCOMPARE(after.firstPass, kMonday);
        QCOMPARE(after.lastVerdicts.value(QStringLiteral("a")), Verdict::TimeLimit);
        QCOMPARE(progress.solvedCount(), 1);
    }

    void checkerErrorsAndStoppedChecksDoNotCount()
    {
        CourseProgress progress;
        progress.record(report({outcome(QStringLiteral("a"), Verdict::CheckerError, 0, 1)}), kMonday);
        progress.record(report({outcome(QStringLiteral("a"), Verdict::Passed, 1, 1),
                                outcome(QStringLiteral("b"), Verdict::Stopped, 0, 1)}),
                        kMonday);
        const ExerciseProgress &sum = progress.exercises[QStringLiteral("sum")];
        QCOMPARE(sum.attempts, 0);
        QCOMPARE(sum.failedAttempts, 0);
        QCOMPARE(sum.lastVerdicts.value(QStringLiteral("b")), Verdict::Stopped);
    }

    void survivesARestart()
    {
        QTemporaryDir folder;
        CourseProgress progress;
        progress.courseId = QStringLiteral("intro");
        progress.record(report({outcome(QStringLiteral("a"), Verdict::Passed, 1, 1)}), kMonday);
        QVERIFY(ProgressStore(folder.path()).save(progress).has_value());

        const ProgressStore::Loaded loaded = ProgressStore(folder.path()).load(QStringLiteral("intro"));
        QVERIFY(loaded.notice.isEmpty());
        const ExerciseProgress &sum = loaded.progress.exercises[QStringLiteral("sum")];
        QCOMPARE(sum.firstPass, kMonday);
        QCOMPARE(sum.bestScore, 1);
        QCOMPARE(sum.lastVerdicts.value(QStringLiteral("a")), Verdict::Passed);
        QVERIFY(readFile(folder.filePath(QStringLiteral("intro.json"))).contains("\"version\": 1"));
    }

    void aMissingFileIsNoProgress()
    {
        QTemporaryDir folder;
        const ProgressStore::Loaded loaded = ProgressStore(folder.path()).load(QStringLiteral("intro"));
        QVERIFY(loaded.notice.isEmpty());
        QVERIFY(loaded.progress.exercises.isEmpty());
    }

    void aDamagedFileIsSetAsideNeverLost_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("not json") << QByteArray("{\"version\": 1, \"exercises\": {");
        QTest::newRow("nul bytes") << QByteArray("\0\0\0\0", 4);
        QTest::newRow("wrong types") << QByteArray(R"({"version": 1, "exercises": {"sum": {"best_score": "lots"}}})");
        QTest::newRow("unknown verdict") << QByteArray(
            R"({"version": 1, "exercises": {"sum": {"best_score": 1, "max_score": 1, "attempts": 1,
                          "failed_attempts": 0, "last_verdicts": {"a": "great"}}}})");
        QTest::newRow("future version") << QByteArray(R"({"version": 7, "exercises": {}})");
        QTest::newRow("10 MB line") << QByteArray(10 * 1024 * 1024, 'x');
    }
    void aDamagedFileIsSetAsideNeverLost()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("intro.json"));
        QVERIFY(writeFile(path, content));
        const ProgressStore store(folder.path());
        const ProgressStore::Loaded loaded = store.load(QStringLiteral("intro"));
        QVERIFY(loaded.progress.exercises.isEmpty());
        QVERIFY2(loaded.notice.contains(QStringLiteral("set aside")), qPrintable(loaded.notice));
        const QStringList aside = QDir(folder.path()).entryList({QStringLiteral("intro.json.corrupt-*")});
        QCOMPARE(aside.size(), 1);
        QCOMPARE(readFile(folder.filePath(aside.first())), content);
        QVERIFY(loaded.notice.contains(aside.first()));
        // A save afterwards makes a good file again, and the damaged one stays.
        QVERIFY(store.save(loaded.progress).has_value());
        QVERIFY(store.load(QStringLiteral("intro")).notice.isEmpty());
        QCOMPARE(QDir(folder.path()).entryList({QStringLiteral("intro.json.corrupt-*")}).size(), 1);
    }

    void anInterruptedSaveLeavesTheOldFile()
    {
        QTemporaryDir folder;
        const ProgressStore store(folder.path());
        CourseProgress progress;
        progress.courseId = QStringLiteral("intro");
        progress.record(report({outcome(QStringLiteral("a"), Verdict::Passed, 1, 1)}), kMonday);
        QVERIFY(store.save(progress).has_value());
        const QByteArray before = readFile(store.pathFor(QStringLiteral("intro")));
        {
            // A save that dies half-way: its file is never committed.
            QSaveFile dying(store.pathFor(QStringLiteral("intro")));
            QVERIFY(dying.open(QIODevice::WriteOnly));
            dying.write("{\"version\": 1, \"exerc");
        }
        QCOMPARE(readFile(store.pathFor(QStringLiteral("intro"))), before);
        QVERIFY(store.load(QStringLiteral("intro")).progress.exercises.value(QStringLiteral("sum")).solved());
    }

    void courseIdsBecomeSafeFileNames()
    {
        QTemporaryDir folder;
        const ProgressStore store(folder.path());
        QCOMPARE(QFileInfo(store.pathFor(QStringLiteral("../../etc/passwd"))).absolutePath(), folder.path());
        QCOMPARE(QFileInfo(store.pathFor(QString())).fileName(), QStringLiteral("course.json"));
    }

    void hintsUnlockAfterFailedChecks()
    {
        Exercise exercise;
        exercise.hints = {Hint{1, QStringLiteral("Read both numbers.")}, Hint{3, QStringLiteral("Use int().")}};
        QCOMPARE(ProgressStore::unlockedHints(exercise, 0).size(), 0);
        QCOMPARE(ProgressStore::unlockedHints(exercise, 1).size(), 1);
        QCOMPARE(ProgressStore::unlockedHints(exercise, 2).size(), 1);
        QCOMPARE(ProgressStore::unlockedHints(exercise, 3).last().text, QStringLiteral("Use int()."));
    }
};

QTEST_GUILESS_MAIN(TestProgressStore)
#include "tst_progressstore.moc"
