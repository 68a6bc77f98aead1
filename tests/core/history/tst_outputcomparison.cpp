// The expected-output check of Run with input….
#include "history/outputcomparison.h"

#include <QTest>

using namespace Sandpit::Core;

class TestOutputComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forgivesWhatCannotBeSeen()
    {
        QVERIFY(OutputComparison::compare("6\nok\n", "6\nok\n").matches);
        QVERIFY(OutputComparison::compare("6\nok\n", "6  \r\nok").matches);
        QVERIFY(OutputComparison::compare("6\nok", "6\nok\n\n\n").matches);
        QVERIFY(OutputComparison::compare("", "").matches);
    }

    void namesTheFirstDifferingLine()
    {
        const auto result = OutputComparison::compare("1\n2\n3\n", "1\n2\n4\n5\n");
        QVERIFY(!result.matches);
        QCOMPARE(result.line, 3);
        QCOMPARE(result.expected, QStringLiteral("“3”"));
        QCOMPARE(result.actual, QStringLiteral("“4”"));
        QVERIFY(result.summary().contains(QStringLiteral("differs from the expected output at line 3")));
    }

    void missingAndExtraLines()
    {
        const auto shorter = OutputComparison::compare("1\n2\n", "1\n");
        QCOMPARE(shorter.line, 2);
        QCOMPARE(shorter.actual, QStringLiteral("(no more output)"));
        const auto longer = OutputComparison::compare("1\n", "1\nextra\n");
        QCOMPARE(longer.line, 2);
        QCOMPARE(longer.expected, QStringLiteral("(no more output)"));
    }

    // For a place whose heading says "Wrong answer" already: where, and what, in words.
    void saysTheDifferenceInWords()
    {
        QCOMPARE(OutputComparison::compare("1\n2\n3\n", "1\n2\n4\n").difference(),
                 QStringLiteral("At line 3 it printed “4”, where the expected output has “3”."));
        QCOMPARE(OutputComparison::compare("1\n2\n", "1\n").difference(),
                 QStringLiteral("Its output ended at line 2, where the expected output has “2”."));
        QCOMPARE(OutputComparison::compare("1\n", "1\nextra\n").difference(),
                 QStringLiteral("At line 2 it printed “extra”, after all of the expected output."));
        QCOMPARE(OutputComparison::compare("1\n", "1\n").difference(), QString());
    }
};

QTEST_GUILESS_MAIN(TestOutputComparison)
#include "tst_outputcomparison.moc"
