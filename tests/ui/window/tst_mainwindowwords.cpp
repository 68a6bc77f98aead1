// The words a beginner reads after a run, in the real window on a real engine: a traceback is
// headed by the error and its line, a compile failure never says "Finished", and an unsaved
// program is called what its tab says.

#include "history/historypane.h"
#include "run/diagnosticslist.h"
#include "settings/historysettings.h"
#include "support/windowharness.h"

#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>

using namespace Sandpit;

namespace {
const auto kIndexError = QStringLiteral("names = ['Ada', 'Alan']\n"
                                        "print('Hello')\n"
                                        "i = 2\n"
                                        "print(names[i])\n");
const auto kIndexErrorHeadline
    = QStringLiteral("The program stopped with an error: IndexError: list index out of range, line 4");
} // namespace

class TestMainWindowWords : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    QString statusBarText() const { return m_window->statusBar()->currentMessage(); }
    void runInFront(const QString &code)
    {
        currentEditor()->setText(code);
        m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindowwords")); }
    void init() { QVERIFY(openWindowWithOwnHistory()); }
    void cleanup() { closeWindow(); }

    void aTracebackIsHeadedByWhatHappened();
    void aCompileFailureDoesNotEndAsFinished();
    void newTabsGetDistinctNames();
    void anUnsavedProgramKeepsItsTabsNameInTheTracebackProblemsAndHistory();
    void aWrongAnswerNeverLooksLikeAPass();
    void anExitCodeIsSaidOnce();
};

void TestMainWindowWords::aTracebackIsHeadedByWhatHappened()
{
    runCode(kIndexError);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped with an error"), kRunTimeoutMs);
    // Each fact once: the heading says it stopped with an error, the line under it which
    // error and where, then what to do about it; the exit code is in the Result row, not in a
    // sentence as well.
    QCOMPARE(m_runPane->messageText(),
             QStringLiteral("IndexError: list index out of range, line 4\nThe program asked for an item past the end: "
                            "a list of n items has the indexes 0 to n-1."));
    QCOMPARE(m_runPane->exitText(), QStringLiteral("exit code 1"));
    QCOMPARE(statusBarText(), kIndexErrorHeadline);
    const QString output = m_output->plainText();
    QVERIFY2(output.contains(QStringLiteral("— %1 · ").arg(kIndexErrorHeadline)), qPrintable(output));
    QVERIFY2(!output.contains(QStringLiteral("Finished with exit code")), qPrintable(output));
    // Red, as an error is, not the amber of a program that chose its own exit code.
    QCOMPARE(m_runPane->statusColour(), QColor(0xc6, 0x28, 0x28));
}

void TestMainWindowWords::aCompileFailureDoesNotEndAsFinished()
{
    Ui::DocumentTab *tab = tabs()->newTab(QStringLiteral("c"));
    QVERIFY(tab);
    runInFront(QStringLiteral("#include <stdio.h>\n\nint main(void)\n{\n    printf(\"hi\\n\")\n    return 0;\n}\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Did not compile"), kRunTimeoutMs);
    const QString output = m_output->plainText();
    QVERIFY2(!output.contains(QStringLiteral("Finished")), qPrintable(output));
    QVERIFY2(output.contains(QStringLiteral("— Did not compile: ")), qPrintable(output));
    QVERIFY2(statusBarText().startsWith(QStringLiteral("Did not compile: ")), qPrintable(statusBarText()));
    QVERIFY2(statusBarText().contains(QStringLiteral("line 5")), qPrintable(statusBarText()));
    QVERIFY2(!statusBarText().contains(QStringLiteral("exit code")), qPrintable(statusBarText()));
}

void TestMainWindowWords::newTabsGetDistinctNames()
{
    tabs()->newTab();
    tabs()->newTab();
    QTabBar *bar = tabs()->tabBar();
    QCOMPARE(bar->count(), 3);
    QCOMPARE(bar->tabText(0), QStringLiteral("untitled.py"));
    QCOMPARE(bar->tabText(1), QStringLiteral("untitled-2.py"));
    QCOMPARE(bar->tabText(2), QStringLiteral("untitled-3.py"));
    // A closed tab's name is free again, and the next new tab takes the first free one.
    tabs()->closeTab(tabs()->tabs().at(1));
    tabs()->newTab();
    QCOMPARE(bar->tabText(2), QStringLiteral("untitled-2.py"));
}

void TestMainWindowWords::anUnsavedProgramKeepsItsTabsNameInTheTracebackProblemsAndHistory()
{
    auto *history = m_window->findChild<Ui::HistoryPane *>(QStringLiteral("historyPane"));
    auto *problems = m_window->findChild<Ui::DiagnosticsList *>(QStringLiteral("problemsList"));
    QVERIFY(history && problems);
    QTRY_VERIFY(history->noteText().contains(QStringLiteral("No runs")));
    tabs()->newTab();
    QCOMPARE(tabs()->tabBar()->tabText(1), QStringLiteral("untitled-2.py"));

    runInFront(kIndexError);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped with an error"), kRunTimeoutMs);
    const QString output = m_output->plainText();
    QVERIFY2(output.contains(QStringLiteral("untitled-2.py\", line 4")), qPrintable(output));
    QVERIFY2(!output.contains(QStringLiteral("main.py")), qPrintable(output));
    QTRY_COMPARE(problems->count(), 1);
    QVERIFY2(problems->itemText(0).contains(QStringLiteral("untitled-2.py")), qPrintable(problems->itemText(0)));
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 1, kRunTimeoutMs);
    QCOMPARE(history->cellText(0, Ui::HistoryPane::File), QStringLiteral("untitled-2.py"));
}

void TestMainWindowWords::aWrongAnswerNeverLooksLikeAPass()
{
    auto *history = m_window->findChild<Ui::HistoryPane *>(QStringLiteral("historyPane"));
    QTRY_VERIFY(history->noteText().contains(QStringLiteral("No runs")));
    // Adds the numbers, but prints the count on line 3: ends with exit code 0, and is wrong.
    const QString program = writeFile(QStringLiteral("total.py"),
                                      "import sys\nnumbers = sys.stdin.read().split()\n"
                                      "print('Numbers:')\nprint(len(numbers))\n");
    writeFile(QStringLiteral("total.py.sandpit-inputs.json"),
              R"([{"name": "three", "stdin": "1 2 3\n", "expected_stdout": "Numbers:\n6\n"}])");
    QDialog *dialog = openInputSets(program);
    QVERIFY(dialog);
    auto *list = dialog->findChild<QListWidget *>(QStringLiteral("inputSetList"));
    QTRY_COMPARE(list->count(), 1);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetRun")), Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Wrong answer"), kRunTimeoutMs);
    // "Wrong answer" once, in the heading; under it where and how the output differs, once.
    QCOMPARE(m_runPane->messageText(), QStringLiteral("At line 2 it printed “3”, where the expected output has “6”."));
    QCOMPARE(m_runPane->statusColour(), QColor(0xc6, 0x28, 0x28)); // red, not the green of a pass
    QCOMPARE(statusBarText(), QStringLiteral("Wrong answer at line 2"));
    Ui::DocumentTab *tab = tabs()->current();
    QCOMPARE(tab->runState(), Ui::DocumentTab::RunState::Stopped); // the warning icon, not the tick
    QVERIFY2(tabs()->tabToolTip(tabs()->currentIndex()).contains(QStringLiteral("Wrong answer")),
             qPrintable(tabs()->tabToolTip(tabs()->currentIndex())));
    QVERIFY2(m_output->plainText().contains(QStringLiteral("— Wrong answer at line 2 · ")),
             qPrintable(m_output->plainText()));
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 1, kRunTimeoutMs);
    QCOMPARE(history->cellText(0, Ui::HistoryPane::Status), QStringLiteral("wrong answer at line 2"));
    dialog->close();
}

void TestMainWindowWords::anExitCodeIsSaidOnce()
{
    runCode(QStringLiteral("import sys\nprint('partial')\nsys.exit(3)\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->exitText(), QStringLiteral("exit code 3"), kRunTimeoutMs);
    const QString message = m_runPane->messageText();
    QCOMPARE(message.count(QStringLiteral("exit code 3")), 1);
    QCOMPARE(message, QStringLiteral("The program ended with exit code 3, which usually means it reported an error."));
}

QTEST_MAIN(TestMainWindowWords)
#include "tst_mainwindowwords.moc"
