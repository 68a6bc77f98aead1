// The Check results table's rows: one per test from the start, filled in place, the summary
// line a learner reads, and a colour of its own for each kind of verdict.

#include "exercises/checkresultsmodel.h"
#include "exercises/checkverdictstyle.h"

#include <QApplication>
#include <QColor>
#include <QSet>
#include <QTest>

using namespace Sandpit;

namespace {
Core::Exercise threeTests()
{
    Core::Exercise exercise;
    exercise.id = QStringLiteral("sum");
    for (const auto &[name, points] : {std::pair{"one", 1}, std::pair{"two", 2}, std::pair{"three", 3}}) {
        Core::ExerciseTest test;
        test.name = QString::fromLatin1(name);
        test.points = points;
        exercise.tests.append(test);
    }
    return exercise;
}

Core::TestOutcome outcome(const QString &name, Core::Verdict verdict, int points, int maxPoints)
{
    Core::TestOutcome result;
    result.testName = name;
    result.verdict = verdict;
    result.points = points;
    result.maxPoints = maxPoints;
    result.wallMs = 340;
    result.peakMemoryBytes = 9 * 1024 * 1024;
    return result;
}
} // namespace

class TestCheckResultsModel : public QObject
{
    Q_OBJECT

    static QString cell(const Ui::CheckResultsModel &model, int row, int column)
    {
        return model.data(model.index(row, column), Qt::DisplayRole).toString();
    }

private Q_SLOTS:
    void everyTestHasARowBeforeItRuns()
    {
        Ui::CheckResultsModel model;
        model.startCheck(threeTests());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(cell(model, 2, Ui::CheckResultsModel::Name), QStringLiteral("three"));
        QCOMPARE(cell(model, 2, Ui::CheckResultsModel::Verdict), QStringLiteral("Waiting"));
        QCOMPARE(cell(model, 2, Ui::CheckResultsModel::Points), QStringLiteral("–/3"));
        QCOMPARE(model.summary(), QStringLiteral("Checking… 0 of 3 tests done"));
        model.showRunning(0);
        QCOMPARE(cell(model, 0, Ui::CheckResultsModel::Verdict), QStringLiteral("Running…"));
        QVERIFY(!model.outcome(0));
    }

    void finishedRowsFillInPlaceAndTheSummaryCountsPoints()
    {
        Ui::CheckResultsModel model;
        model.startCheck(threeTests());
        model.showOutcome(1, outcome(QStringLiteral("two"), Core::Verdict::Passed, 2, 2));
        QCOMPARE(model.summary(), QStringLiteral("Checking… 1 of 3 tests done"));
        QCOMPARE(cell(model, 1, Ui::CheckResultsModel::Verdict), QStringLiteral("✓ Passed"));
        QCOMPARE(cell(model, 1, Ui::CheckResultsModel::Time), QStringLiteral("340 ms"));
        QCOMPARE(cell(model, 1, Ui::CheckResultsModel::Memory), QStringLiteral("9 MB"));
        QCOMPARE(cell(model, 1, Ui::CheckResultsModel::Points), QStringLiteral("2/2"));
        model.showOutcome(0, outcome(QStringLiteral("one"), Core::Verdict::WrongAnswer, 0, 1));
        model.showOutcome(2, outcome(QStringLiteral("three"), Core::Verdict::TimeLimit, 0, 3));
        QCOMPARE(model.summary(), QStringLiteral("1 of 3 tests passed · 2/6 points"));
        QCOMPARE(cell(model, 2, Ui::CheckResultsModel::Verdict), QStringLiteral("⏱ Time limit"));
    }

    void aFailedCheckLeavesItsWaitingRowsNotRun()
    {
        Ui::CheckResultsModel model;
        model.startCheck(threeTests());
        model.showOutcome(0, outcome(QStringLiteral("one"), Core::Verdict::Passed, 1, 1));
        model.showRunning(1);
        model.abandon();
        QCOMPARE(cell(model, 1, Ui::CheckResultsModel::Verdict), QStringLiteral("Not run"));
        QCOMPARE(cell(model, 2, Ui::CheckResultsModel::Verdict), QStringLiteral("Not run"));
        QCOMPARE(model.summary(), QStringLiteral("1 of 3 tests passed · 1/6 points"));
    }

    void passedFailedAndTheExercisesFaultLookDifferent()
    {
        Ui::CheckResultsModel model;
        model.startCheck(threeTests());
        model.showOutcome(0, outcome(QStringLiteral("one"), Core::Verdict::Passed, 1, 1));
        model.showOutcome(1, outcome(QStringLiteral("two"), Core::Verdict::WrongAnswer, 0, 2));
        model.showOutcome(2, outcome(QStringLiteral("three"), Core::Verdict::CheckerError, 0, 3));
        QSet<QRgb> colours;
        for (int row = 0; row < 3; ++row)
            colours.insert(
                model.data(model.index(row, Ui::CheckResultsModel::Verdict), Qt::ForegroundRole).value<QColor>().rgb());
        QCOMPARE(colours.size(), 3);
        // Each also reads without colour.
        QCOMPARE(Ui::verdictMark(Core::Verdict::Passed), QStringLiteral("✓"));
        QVERIFY(Ui::verdictMark(Core::Verdict::WrongAnswer) != Ui::verdictMark(Core::Verdict::CheckerError));
        // And on a dark base, a lighter twin.
        QPalette dark;
        dark.setColor(QPalette::Base, Qt::black);
        QVERIFY(Ui::verdictColour(Core::Verdict::WrongAnswer, dark).lightnessF()
                > Ui::verdictColour(Core::Verdict::WrongAnswer, QPalette(Qt::white)).lightnessF());
    }
};

QTEST_MAIN(TestCheckResultsModel)
#include "tst_checkresultsmodel.moc"
