// Every built-in checker, on what learners really print: a missing final newline, "\r\n",
// spaces at line ends, numbers a little off, a pattern, a phrase.
#include "exercises/outputchecker.h"

#include <QTest>

using namespace Sandpit::Core;
using Result = CheckerVerdict::Result;

namespace {
CheckerSpec checker(CheckerKind kind, const QString &pattern = {})
{
    CheckerSpec spec;
    spec.kind = kind;
    spec.pattern = pattern;
    return spec;
}
} // namespace

class TestOutputChecker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactAcceptsOnlyTheSameBytes()
    {
        QCOMPARE(checkOutput(checker(CheckerKind::Exact), "5\n", "5\n").result, Result::Accepted);
        const CheckerVerdict missingNewline = checkOutput(checker(CheckerKind::Exact), "5\n", "5");
        QCOMPARE(missingNewline.result, Result::Rejected);
        QVERIFY(missingNewline.whitespaceOnly);
        QVERIFY2(missingNewline.message.contains(QStringLiteral("does not end with a newline")),
                 qPrintable(missingNewline.message));
        QVERIFY(missingNewline.message.contains(QStringLiteral("does not forgive")));
        const CheckerVerdict wrong = checkOutput(checker(CheckerKind::Exact), "5\n", "6\n");
        QCOMPARE(wrong.result, Result::Rejected);
        QVERIFY(!wrong.whitespaceOnly);
        QVERIFY(wrong.message.contains(QStringLiteral("“6”")));
    }

    void exactShowsATrailingSpace()
    {
        const CheckerVerdict verdict = checkOutput(checker(CheckerKind::Exact), "a\nb\n", "a \nb\n");
        QVERIFY(verdict.whitespaceOnly);
        QVERIFY2(verdict.message.contains(QStringLiteral("at line 1 it printed “a·”")), qPrintable(verdict.message));
    }

    void linesForgivesWhatCannotBeSeenAndSaysSo()
    {
        for (const QByteArray &actual :
             {QByteArray("1\n2"), QByteArray("1\r\n2\r\n"), QByteArray("1  \n2\t\n"), QByteArray("1\n2\n\n\n")}) {
            const CheckerVerdict verdict = checkOutput(checker(CheckerKind::Lines), "1\n2\n", actual);
            QCOMPARE(verdict.result, Result::Accepted);
            QVERIFY(verdict.whitespaceOnly);
            QVERIFY2(verdict.message.contains(QStringLiteral("forgives")), qPrintable(verdict.message));
        }
        const CheckerVerdict same = checkOutput(checker(CheckerKind::Lines), "1\n2\n", "1\n2\n");
        QCOMPARE(same.result, Result::Accepted);
        QVERIFY(!same.whitespaceOnly);
    }

    void linesDoesNotForgiveSpacesInsideALine()
    {
        const CheckerVerdict verdict = checkOutput(checker(CheckerKind::Lines), "1 2\n", "1  2\n");
        QCOMPARE(verdict.result, Result::Rejected);
        QVERIFY(verdict.whitespaceOnly);
        QVERIFY(verdict.message.contains(QStringLiteral("but not that")));
        const CheckerVerdict wrong = checkOutput(checker(CheckerKind::Lines), "1\n2\n3\n", "1\n2\n4\n");
        QCOMPARE(wrong.result, Result::Rejected);
        QVERIFY(!wrong.whitespaceOnly);
        QVERIFY2(wrong.message.contains(QStringLiteral("At line 3 it printed “4”")), qPrintable(wrong.message));
    }

    void tokensComparesWords()
    {
        QCOMPARE(checkOutput(checker(CheckerKind::Tokens), "1 2 3\n", "1\n2\n3").result, Result::Accepted);
        const CheckerVerdict wrong = checkOutput(checker(CheckerKind::Tokens), "1 2 3\n", "1 2 4\n");
        QCOMPARE(wrong.result, Result::Rejected);
        QVERIFY2(wrong.message.contains(QStringLiteral("Word 3: it printed “4”")), qPrintable(wrong.message));
        const CheckerVerdict shorter = checkOutput(checker(CheckerKind::Tokens), "1 2 3\n", "1 2\n");
        QVERIFY(shorter.message.contains(QStringLiteral("ended after 2 words")));
    }

    void floatAllowsTheTolerance()
    {
        CheckerSpec spec = checker(CheckerKind::Float);
        spec.absoluteTolerance = 1e-6;
        spec.relativeTolerance = 1e-9;
        QCOMPARE(checkOutput(spec, "3.1415926\n", "3.14159264\n").result, Result::Accepted);
        QCOMPARE(checkOutput(spec, "area 3.1415926\n", "area 3.1416\n").result, Result::Rejected);
        QCOMPARE(checkOutput(spec, "area 1\n", "volume 1\n").result, Result::Rejected);
        // Relative tolerance on big numbers.
        spec.relativeTolerance = 1e-6;
        QCOMPARE(checkOutput(spec, "1000000000\n", "1000000100\n").result, Result::Accepted);
        QCOMPARE(checkOutput(spec, "1000000000\n", "1000010000\n").result, Result::Rejected);
        QCOMPARE(checkOutput(spec, "nan inf -inf\n", "NaN inf -inf\n").result, Result::Accepted);
        QCOMPARE(checkOutput(spec, "inf\n", "-inf\n").result, Result::Rejected);
        const CheckerVerdict far = checkOutput(spec, "2.5\n", "2.4\n");
        QVERIFY2(far.message.contains(QStringLiteral("Value 1: it printed 2.4")), qPrintable(far.message));
    }

    void regexMatchesTheWholeOutput()
    {
        const CheckerSpec spec = checker(CheckerKind::Regex, QStringLiteral("Hello, [A-Z][a-z]+!"));
        QCOMPARE(checkOutput(spec, {}, "Hello, Ada!\n").result, Result::Accepted);
        QCOMPARE(checkOutput(spec, {}, "Hello, Ada! Bye\n").result, Result::Rejected);
        QCOMPARE(checkOutput(spec, {}, "Oh. Hello, Ada!\n").result, Result::Rejected);
        const CheckerVerdict broken = checkOutput(checker(CheckerKind::Regex, QStringLiteral("(unclosed")), {}, "x");
        QCOMPARE(broken.result, Result::CheckerError);
        QVERIFY(broken.message.contains(QStringLiteral("broken pattern")));
    }

    void containsLooksForAPhrase()
    {
        const CheckerSpec spec = checker(CheckerKind::Contains, QStringLiteral("total: 42"));
        QCOMPARE(checkOutput(spec, {}, "counting...\ntotal: 42\n").result, Result::Accepted);
        const CheckerVerdict missing = checkOutput(spec, {}, "total: 41\n");
        QCOMPARE(missing.result, Result::Rejected);
        QVERIFY(missing.message.contains(QStringLiteral("does not contain “total:·42”")));
    }

    void badBytesDoNotBreakIt()
    {
        const QByteArray invalid("\xff\xfe\x00 5\n", 6);
        QCOMPARE(checkOutput(checker(CheckerKind::Lines), "5\n", invalid).result, Result::Rejected);
        QCOMPARE(checkOutput(checker(CheckerKind::Exact), invalid, invalid).result, Result::Accepted);
        const CheckerVerdict withNul = checkOutput(checker(CheckerKind::Exact), "a\n", QByteArray("a\0\n", 3));
        QCOMPARE(withNul.result, Result::Rejected);
        QVERIFY2(withNul.message.contains(QStringLiteral("␀")), qPrintable(withNul.message));
    }

    void aProgramIsNotComparedHere()
    {
        QCOMPARE(checkOutput(checker(CheckerKind::Program), "1", "1").result, Result::CheckerError);
    }
};

QTEST_GUILESS_MAIN(TestOutputChecker)
#include "tst_outputchecker.moc"
