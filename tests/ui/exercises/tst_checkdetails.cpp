// One test's details under the results table: a clipped output is shown as core clipped it,
// never cut further, and a hidden test gives nothing of its input or output away.

#include "exercises/checkdetails.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTest>

using namespace Sandpit;

class TestCheckDetails : public QObject
{
    Q_OBJECT

    static QStringList tabs(const Ui::CheckDetails &details)
    {
        auto *pages = details.findChild<QTabWidget *>(QStringLiteral("checkDetailsPages"));
        QStringList titles;
        for (int i = 0; i < pages->count(); ++i)
            titles.append(pages->tabText(i));
        return titles;
    }

private Q_SLOTS:
    void aClippedOutputIsShownWholeWithItsNote()
    {
        // As core clips a long output: its start and end, and what was left out between.
        const QByteArray clipped = QByteArray(40'000, 'a') + "\n… 960000 bytes not shown\n" + QByteArray(40'000, 'z');
        Core::TestOutcome outcome;
        outcome.testName = QStringLiteral("flood");
        outcome.verdict = Core::Verdict::OutputLimit;
        outcome.actualStdout = clipped;
        Ui::CheckDetails details;
        details.showOutcome(outcome);
        QCOMPARE(details.findChild<QPlainTextEdit *>(QStringLiteral("checkActual"))->toPlainText().toUtf8(), clipped);
        QVERIFY(tabs(details).contains(QStringLiteral("Your output")));
    }

    void aHiddenTestShowsNoInputOutputOrDiff()
    {
        Core::TestOutcome outcome;
        outcome.testName = QStringLiteral("secret");
        outcome.visibility = Core::Visibility::Hidden;
        outcome.verdict = Core::Verdict::WrongAnswer;
        outcome.diff = QStringLiteral("-42¶\n+41¶");
        outcome.stdinData = "6 7\n";
        outcome.expectedStdout = "42\n";
        outcome.actualStdout = "41\n";
        outcome.actualStderr = "debug: 41\n";
        outcome.hint = QStringLiteral("Multiply.");
        Ui::CheckDetails details;
        details.showOutcome(outcome);
        QCOMPARE(tabs(details), QStringList());
        QCOMPARE(details.findChild<QLabel *>(QStringLiteral("checkDetailsHint"))->text(),
                 QStringLiteral("Hint: Multiply."));
        // A visible one with the same result shows all of it.
        outcome.visibility = Core::Visibility::Visible;
        details.showOutcome(outcome);
        QCOMPARE(tabs(details),
                 (QStringList{QStringLiteral("Difference"), QStringLiteral("Input"), QStringLiteral("Expected output"),
                              QStringLiteral("Your output"), QStringLiteral("Error output")}));
        QCOMPARE(details.findChild<QPlainTextEdit *>(QStringLiteral("checkDiff"))->toPlainText(), outcome.diff);
    }

    void aCheckerErrorSaysWhatTheCheckerSaid()
    {
        Core::TestOutcome outcome;
        outcome.testName = QStringLiteral("float");
        outcome.verdict = Core::Verdict::CheckerError;
        outcome.explanation = QStringLiteral("The exercise's checker failed; this does not count against you.");
        outcome.checkerFeedback = QStringLiteral("Traceback: ZeroDivisionError\n");
        Ui::CheckDetails details;
        details.showOutcome(outcome);
        QCOMPARE(details.findChild<QLabel *>(QStringLiteral("checkDetailsFeedback"))->text(),
                 QStringLiteral("The checker says: Traceback: ZeroDivisionError"));
        QCOMPARE(details.findChild<QLabel *>(QStringLiteral("checkDetailsHeading"))->text(),
                 QStringLiteral("float: Checker error"));
    }
};

QTEST_MAIN(TestCheckDetails)
#include "tst_checkdetails.moc"
