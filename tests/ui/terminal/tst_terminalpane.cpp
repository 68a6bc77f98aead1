// The Terminal tab's pane: what it says when no REPL runs, and how a new one is asked for.

#include "model/killdetail.h"
#include "run/runmessage.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalview.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using Ui::TerminalPane;

class TestTerminalPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void beforeAnyReplItSaysHowToOpenOne();
    void aReplStoppedForMemorySaysSoAsTheRunPaneDoes();
    void anExitIsNoNews();
    void theButtonAndEnterAskForANewRepl();
    void keysReachTheReplOnlyWhileItRuns();
    void anErrorIsShownWhole();
};

void TestTerminalPane::beforeAnyReplItSaysHowToOpenOne()
{
    TerminalPane pane;
    QVERIFY(pane.statusText().contains(QStringLiteral("Open REPL")));
    QCOMPARE(pane.findChild<QPushButton *>(QStringLiteral("terminalRestartButton"))->text(),
             QStringLiteral("Open REPL"));
}

void TestTerminalPane::aReplStoppedForMemorySaysSoAsTheRunPaneDoes()
{
    TerminalPane pane;
    pane.resize(600, 300);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.showStarting(QStringLiteral("Python REPL"));
    QVERIFY(pane.statusText().isEmpty());
    pane.view()->flush();
    QCOMPARE(pane.view()->screen().lineText(0), QStringLiteral("Python REPL"));
    QVERIFY(pane.view()->screen().line(0)[0].style.italic);
    Core::RunResult result;
    result.killReason = Core::KillReason::Memory;
    result.killDetail = Core::describeEnd(result, Core::Limits{});
    pane.showFinished(result);
    QCOMPARE(pane.statusText(), Ui::runMessage(result));
    QVERIFY2(pane.statusText().contains(QStringLiteral("memory")), qPrintable(pane.statusText()));
    QCOMPARE(pane.findChild<QPushButton *>(QStringLiteral("terminalRestartButton"))->text(),
             QStringLiteral("New REPL"));
}

void TestTerminalPane::anExitIsNoNews()
{
    TerminalPane pane;
    pane.showStarting(QStringLiteral("Python REPL"));
    Core::RunResult result;
    result.exitCode = 0;
    pane.showFinished(result);
    QCOMPARE(pane.statusText(), QStringLiteral("The REPL ended."));
}

void TestTerminalPane::theButtonAndEnterAskForANewRepl()
{
    TerminalPane pane;
    QSignalSpy restart(&pane, &TerminalPane::restartRequested);
    pane.showStarting(QStringLiteral("Python REPL"));
    // While the REPL runs, Enter is the REPL's.
    QTest::keyClick(pane.view(), Qt::Key_Return);
    QCOMPARE(restart.count(), 0);
    pane.showFinished(Core::RunResult{});
    QTest::keyClick(pane.view(), Qt::Key_Return);
    QCOMPARE(restart.count(), 1);
    pane.findChild<QPushButton *>(QStringLiteral("terminalRestartButton"))->click();
    QCOMPARE(restart.count(), 2);
}

void TestTerminalPane::keysReachTheReplOnlyWhileItRuns()
{
    TerminalPane pane;
    QSignalSpy typed(&pane, &TerminalPane::inputTyped);
    QTest::keyClick(pane.view(), Qt::Key_A);
    QCOMPARE(typed.count(), 0);
    pane.showStarting(QStringLiteral("Python REPL"));
    QTest::keyClick(pane.view(), Qt::Key_A);
    QCOMPARE(typed.count(), 1);
    QCOMPARE(typed.first().at(0).toByteArray(), QByteArray("a"));
}

void TestTerminalPane::anErrorIsShownWhole()
{
    TerminalPane pane;
    pane.showError({Core::RunError::Code::MissingToolchain, QStringLiteral("python3 is not installed.")});
    QCOMPARE(pane.statusText(), QStringLiteral("python3 is not installed."));
}

QTEST_MAIN(TestTerminalPane)
#include "tst_terminalpane.moc"
