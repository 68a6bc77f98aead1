// A learner's first runs in the real window on a real engine: where the keys go while a
// program waits for input, which pane is in front when a run starts, what Escape does in the
// input line, and the Run pane following the tab in front.

#include "session/documenttabs.h"
#include "support/windowharness.h"

#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>
#include <QWindow>

using namespace Sandpit;

namespace {
const auto kHowMany = QStringLiteral("n = int(input('How many? '))\nprint('twice that is', 2 * n)\n");
} // namespace

class TestMainWindowFlow : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    QLineEdit *inputLine() const { return m_output->findChild<QLineEdit *>(QStringLiteral("inputLine")); }
    QWidget *outputView() const { return m_output->findChild<QWidget *>(QStringLiteral("outputView")); }
    /// Whether the learner sees any of the output pane: a dock behind another in a tab group
    /// stays "visible" to Qt, but none of it is on screen.
    bool outputSeen() const { return m_output->isVisible() && !m_output->visibleRegion().isEmpty(); }

    /// Keys as the keyboard sends them: to whichever widget has the focus.
    void type(const QString &text)
    {
        for (const QChar c : text)
            QTest::keyClick(m_window->windowHandle(), c.toLatin1());
    }
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QTest::keyClick(m_window->windowHandle(), key, modifiers);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindowflow")); }
    void init()
    {
        QVERIFY(openFreshWindow());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QCOMPARE(QApplication::focusWidget(), m_editor);
    }
    void cleanup() { closeWindow(); }

    void theAnswerGoesToTheProgramNotTheCode();
    void typingInTheEditorDuringARunGoesWhereTheUserPutTheCursor();
    void aRunStartShowsTheOutput();
    void problemsNeverCoverTheOutput();
    void escapeInTheInputLineClearsItAndKeepsTheProgramRunning();
    void aHalfTypedLineDoesNotReachTheNextRun();
    void theRunPaneShowsTheRunOfTheTabInFront();
    void aRunEndingBehindAnotherTabLeavesThatTabsPane();
};

void TestMainWindowFlow::theAnswerGoesToTheProgramNotTheCode()
{
    m_editor->setText(kHowMany);
    m_editor->setCursorPosition(1, 3);
    press(Qt::Key_F5);
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    type(QStringLiteral("42"));
    press(Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("How many? 42\ntwice that is 84\n")),
             qPrintable(m_output->plainText()));
    QCOMPARE(m_editor->text(), kHowMany);
    // The run is over: the keys are back in the code, where the cursor was.
    QCOMPARE(QApplication::focusWidget(), m_editor);
    int line = -1, index = -1;
    m_editor->getCursorPosition(&line, &index);
    QCOMPARE(line, 1);
    QCOMPARE(index, 3);
}

void TestMainWindowFlow::typingInTheEditorDuringARunGoesWhereTheUserPutTheCursor()
{
    m_editor->setText(kHowMany);
    press(Qt::Key_F5);
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QCOMPARE(QApplication::focusWidget(), inputLine());

    // The learner clicks at the start of line 2 and adds a comment while the program waits.
    m_editor->setCursorPosition(1, 0);
    m_editor->setFocus(Qt::MouseFocusReason);
    type(QStringLiteral("# x"));
    press(Qt::Key_Return);
    QCOMPARE(m_editor->text(), QStringLiteral("n = int(input('How many? '))\n# x\nprint('twice that is', 2 * n)\n"));
    QVERIFY(inputLine()->text().isEmpty());

    // Then clicks into the output to copy from it, and stops the program: the keys stay there.
    outputView()->setFocus(Qt::MouseFocusReason);
    press(Qt::Key_F2, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped"), kRunTimeoutMs);
    QCOMPARE(QApplication::focusWidget(), outputView());
}

void TestMainWindowFlow::aRunStartShowsTheOutput()
{
    // The learner looked at the history last; the next run's prompt must not hide behind it.
    dock("historyDock")->raise();
    QTRY_VERIFY(!outputSeen());
    runCode(kHowMany);
    QTRY_VERIFY(outputSeen());
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QVERIFY(inputLine()->isVisible() && inputLine()->isEnabled());
    action("actionStop")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped"), kRunTimeoutMs);
}

void TestMainWindowFlow::problemsNeverCoverTheOutput()
{
    // A learner who put Problems in a tab beside Output.
    QDockWidget *output = dock("outputDock");
    QDockWidget *problems = dock("problemsDock");
    m_window->tabifyDockWidget(output, problems);
    output->raise();
    QTRY_VERIFY(outputSeen());

    m_window->openFile(writeFile(QStringLiteral("broken.c"),
                                 "#include <stdio.h>\n\nint main(void)\n{\n"
                                 "    printf(\"x\\n\")\n    return 0;\n}\n"));
    QTRY_VERIFY(m_editor->text().startsWith(QStringLiteral("#include")));
    action("actionRun")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Did not compile"), kRunTimeoutMs);
    QVERIFY(outputSeen());
    QVERIFY2(m_output->plainText().contains(QStringLiteral("expected")), qPrintable(m_output->plainText()));

    // The learner goes to Problems, fixes the line and runs a program that asks for input.
    problems->raise();
    QTRY_VERIFY(!outputSeen());
    runCode(QStringLiteral("#include <stdio.h>\n\nint main(void)\n{\n    int n;\n    printf(\"How many? \");\n"
                           "    fflush(stdout);\n    if (scanf(\"%d\", &n) == 1)\n        printf(\"%d\\n\", 2 * n);\n"
                           "    return 0;\n}\n"));
    QTRY_VERIFY(outputSeen());
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QCOMPARE(QApplication::focusWidget(), inputLine());
    type(QStringLiteral("21"));
    press(Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("How many? 21\n42\n")), qPrintable(m_output->plainText()));
}

void TestMainWindowFlow::escapeInTheInputLineClearsItAndKeepsTheProgramRunning()
{
    runCode(kHowMany);
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QLineEdit *input = inputLine();
    QTest::keyClicks(input, QStringLiteral("fourty"));
    QTest::keyClick(input, Qt::Key_Escape);
    QCOMPARE(input->text(), QString());
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Running…"));
    // The program still waits for its answer, and gets it.
    QTest::keyClicks(input, QStringLiteral("40"));
    QTest::keyClick(input, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QCOMPARE(m_runPane->exitText(), QStringLiteral("exit code 0"));
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("How many? 40\ntwice that is 80\n")),
             qPrintable(m_output->plainText()));
}

void TestMainWindowFlow::aHalfTypedLineDoesNotReachTheNextRun()
{
    runCode(kHowMany);
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QTest::keyClicks(inputLine(), QStringLiteral("12"));
    action("actionStop")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped"), kRunTimeoutMs);

    runCode(kHowMany);
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QCOMPARE(inputLine()->text(), QString());
    type(QStringLiteral("5"));
    press(Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("How many? 5\ntwice that is 10\n")),
             qPrintable(m_output->plainText()));
}

void TestMainWindowFlow::theRunPaneShowsTheRunOfTheTabInFront()
{
    runCode(QStringLiteral("raise SystemExit(3)\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->exitText(), QStringLiteral("exit code 3"), kRunTimeoutMs);

    action("actionNew")->trigger();
    QCOMPARE(tabs()->count(), 2);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready"));
    currentEditor()->setText(kHowMany);
    action("actionRun")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Running…"));

    tabs()->setCurrentIndex(0);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Finished"));
    QCOMPARE(m_runPane->exitText(), QStringLiteral("exit code 3"));
    tabs()->setCurrentIndex(1);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Running…"));

    // The first tab's program runs again, so the second tab's ends there, stopped.
    tabs()->setCurrentIndex(0);
    m_editor->setText(QStringLiteral("print('first again')\n"));
    action("actionRun")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->exitText(), QStringLiteral("exit code 0"), kRunTimeoutMs);
    tabs()->setCurrentIndex(1);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Stopped"));
    QVERIFY2(m_runPane->messageText().contains(QStringLiteral("another tab")), qPrintable(m_runPane->messageText()));
    tabs()->setCurrentIndex(0);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Finished"));
    QCOMPARE(m_runPane->exitText(), QStringLiteral("exit code 0"));
}

void TestMainWindowFlow::aRunEndingBehindAnotherTabLeavesThatTabsPane()
{
    runCode(kHowMany);
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("How many? "), kRunTimeoutMs);
    action("actionNew")->trigger();
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready"));
    // The input line still feeds the first tab's program.
    QTest::keyClicks(inputLine(), QStringLiteral("7"));
    QTest::keyClick(inputLine(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(tabs()->tabs().at(0)->runState(), Ui::DocumentTab::RunState::Succeeded, kRunTimeoutMs);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready"));
    tabs()->setCurrentIndex(0);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Finished"));
    QCOMPARE(m_runPane->exitText(), QStringLiteral("exit code 0"));
}

QTEST_MAIN(TestMainWindowFlow)
#include "tst_mainwindowflow.moc"
