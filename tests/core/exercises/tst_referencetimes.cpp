// The reference's times as validate records them: the median of its timing runs, and what a
// learner build keeps of them.
#include "exercises/referencetimes.h"

#include <QTest>

using namespace Sandpit::Core;

namespace {
TestOutcome outcome(const QString &name, qint64 wallMs, qint64 cpuMs, Verdict verdict = Verdict::Passed)
{
    TestOutcome result;
    result.testName = name;
    result.wallMs = wallMs;
    result.cpuMs = cpuMs;
    result.verdict = verdict;
    return result;
}

CheckReport report(const QList<TestOutcome> &tests)
{
    CheckReport result;
    result.tests = tests;
    return result;
}
} // namespace

class TestReferenceTimes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachTestsTimeIsTheMedianOfTheRuns()
    {
        const CheckReport merged = medianTimes({
            report({outcome(QStringLiteral("a"), 300, 40), outcome(QStringLiteral("b"), 5, 4)}),
            report({outcome(QStringLiteral("a"), 10, 30), outcome(QStringLiteral("b"), 7, 6)}),
            report({outcome(QStringLiteral("a"), 20, 50), outcome(QStringLiteral("b"), 6, 5)}),
        });
        QCOMPARE(merged.tests.size(), 2);
        // A cold first run (300 ms) does not make the record.
        QCOMPARE(merged.tests.at(0).wallMs, 20);
        QCOMPARE(merged.tests.at(0).cpuMs, 40);
        QCOMPARE(merged.tests.at(1).wallMs, 6);
        QCOMPARE(merged.tests.at(1).cpuMs, 5);
        QVERIFY(merged.allPassed());
    }

    void aFailureInAnyRunIsKept()
    {
        const CheckReport merged = medianTimes({
            report({outcome(QStringLiteral("a"), 10, 10)}),
            report({outcome(QStringLiteral("a"), 2000, 10, Verdict::TimeLimit)}),
            report({outcome(QStringLiteral("a"), 12, 10)}),
        });
        QCOMPARE(merged.tests.at(0).verdict, Verdict::TimeLimit);
        QVERIFY(!merged.allPassed());
    }

    void oneRunIsItsOwnMedian()
    {
        const CheckReport merged = medianTimes({report({outcome(QStringLiteral("a"), 17, 9)})});
        QCOMPARE(merged.tests.at(0).wallMs, 17);
        QCOMPARE(merged.tests.at(0).cpuMs, 9);
    }
};

QTEST_GUILESS_MAIN(TestReferenceTimes)
#include "tst_referencetimes.moc"
