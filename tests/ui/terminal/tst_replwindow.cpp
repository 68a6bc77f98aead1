// The REPL in the window, end to end on the local sandbox: what the learner does. A
// file run into the REPL leaves its variables at the prompt, Ctrl+C stops an endless loop and
// the prompt comes back, a memory bomb typed at the prompt ends the REPL with the Run pane's
// sentence, a new prompt one Enter away, and the Stop keys end the REPL as they end a run.
//
// It needs terminal runs in the engine (RunRequest::terminal on a pty in the sandbox): it
// fails on a build without them, where a REPL request runs the program on pipes.

#include "editor/editorwidget.h"
#include "support/windowharness.h"
#include "terminal/replsession.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalview.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;

class TestReplWindow : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_replwindow")); }
    void init() { QVERIFY(openFreshWindow()); }
    void cleanup() { closeWindow(); }
    void aTypedExpressionIsAnswered();
    void runInReplKeepsTheFilesVariables();
    void ctrlCStopsALoopAndThePromptGoesOn();
    void aMemoryBombEndsTheReplWithTheReasonAndEnterStartsANewOne();
    void stopsKeysEndTheReplWhenItIsWhatRuns();

private:
    Ui::TerminalPane *pane() const { return m_window->findChild<Ui::TerminalPane *>(QStringLiteral("terminalPane")); }
    Ui::TerminalView *view() const { return pane()->view(); }
    /// Types `text` into the terminal as keys ('\r' is Enter).
    void type(const QString &text);
    /// The screen's lines from the top, trailing blanks left out.
    QString screenText() const;
    bool waitForPrompt(int count);
};

void TestReplWindow::type(const QString &text)
{
    for (const QChar c : text) {
        if (c == QLatin1Char('\r'))
            QTest::keyClick(view(), Qt::Key_Return);
        else
            QTest::keyClick(view(), c.toLatin1());
    }
}

QString TestReplWindow::screenText() const
{
    view()->flush();
    QStringList lines;
    const Ui::TerminalImage &screen = view()->screen();
    for (int row = -screen.scrollbackLines(); row < screen.size().rows; ++row)
        lines.append(screen.lineText(row));
    return lines.join(QLatin1Char('\n'));
}

bool TestReplWindow::waitForPrompt(int count)
{
    // A line's text ends at its last character: the prompt's space after ">>>" is not kept.
    return QTest::qWaitFor([&] { return screenText().count(QStringLiteral(">>>")) >= count; }, kRunTimeoutMs);
}

void TestReplWindow::aTypedExpressionIsAnswered()
{
    action("actionOpenRepl")->trigger();
    QVERIFY2(waitForPrompt(1), qPrintable(screenText()));
    type(QStringLiteral("2 + 3\r"));
    QVERIFY2(waitForPrompt(2), qPrintable(screenText()));
    QVERIFY2(screenText().contains(QStringLiteral(">>> 2 + 3\n5\n>>>")), qPrintable(screenText()));
    // The pty has the terminal's size: Python sees the columns the tab shows, once the size
    // the tab settled at (told after a short quiet) has reached the REPL.
    auto *repl = m_window->findChild<Ui::ReplSession *>(QStringLiteral("replSession"));
    QTRY_COMPARE(repl->terminalSize(), view()->screen().size());
    type(QStringLiteral("import os; os.get_terminal_size().columns\r"));
    QVERIFY(waitForPrompt(3));
    QVERIFY2(screenText().contains(QString::number(view()->screen().size().columns)), qPrintable(screenText()));
}

void TestReplWindow::runInReplKeepsTheFilesVariables()
{
    m_editor->setText(QStringLiteral("scores = [3, 1, 4]\nprint('loaded')\n"));
    action("actionRunInRepl")->trigger();
    QVERIFY2(waitForPrompt(1), qPrintable(screenText()));
    QVERIFY(screenText().contains(QStringLiteral("loaded")));
    type(QStringLiteral("sum(scores)\r"));
    QVERIFY(waitForPrompt(2));
    QVERIFY2(screenText().contains(QStringLiteral("sum(scores)\n8\n")), qPrintable(screenText()));
}

void TestReplWindow::ctrlCStopsALoopAndThePromptGoesOn()
{
    action("actionOpenRepl")->trigger();
    QVERIFY(waitForPrompt(1));
    // One line, and the loop seen running before Ctrl+C is typed: typed while Python still
    // reads the line, Ctrl+C would only cancel the typing (and on a loaded machine the keys
    // can arrive before the line is read).
    type(QStringLiteral("print('spin' * 2); exec('while True: pass')\r"));
    QVERIFY2(QTest::qWaitFor([&] { return screenText().contains(QStringLiteral("spinspin")); }, kRunTimeoutMs),
             qPrintable(screenText()));
    QTest::keyClick(view(), Qt::Key_C, Qt::ControlModifier);
    QVERIFY2(QTest::qWaitFor([&] { return screenText().contains(QStringLiteral("KeyboardInterrupt")); }, kRunTimeoutMs),
             qPrintable(screenText()));
    type(QStringLiteral("6 * 7\r"));
    QVERIFY2(QTest::qWaitFor([&] { return screenText().contains(QStringLiteral("\n42\n")); }, kRunTimeoutMs),
             qPrintable(screenText()));
    // Still the same REPL: Ctrl+C interrupted the program, it did not end the sandbox.
    auto *repl = m_window->findChild<Ui::ReplSession *>(QStringLiteral("replSession"));
    QVERIFY(repl->isActive());
}

void TestReplWindow::aMemoryBombEndsTheReplWithTheReasonAndEnterStartsANewOne()
{
    action("actionOpenRepl")->trigger();
    QVERIFY(waitForPrompt(1));
    auto *repl = m_window->findChild<Ui::ReplSession *>(QStringLiteral("replSession"));
    QSignalSpy finished(repl, &Ui::ReplSession::replFinished);
    type(QStringLiteral("blocks = []\r"));
    type(QStringLiteral("while True: blocks.append(bytearray(16 * 1024 * 1024))\r\r"));
    QVERIFY(finished.wait(kRunTimeoutMs));
    const auto result = finished.first().at(0).value<Core::RunResult>();
    QCOMPARE(result.killReason, Core::KillReason::Memory);
    QVERIFY2(pane()->statusText().contains(QStringLiteral("memory")), qPrintable(pane()->statusText()));
    QVERIFY(!repl->isActive());
    // Enter in the ended terminal: a new REPL, a new prompt.
    QSignalSpy starting(repl, &Ui::ReplSession::replStarting);
    QTest::keyClick(view(), Qt::Key_Return);
    QCOMPARE(starting.count(), 1);
    QVERIFY(waitForPrompt(1));
}

// Ctrl+F2 (from the terminal too: a function key stays the window's) ends the REPL as it ends a
// run. Escape never does: typed in the terminal it stays the program's key (vim in a sandbox's
// shell needs it), and in the editor, where it stops a run, it is pressed out of habit too often
// to cost the learner a session.
void TestReplWindow::stopsKeysEndTheReplWhenItIsWhatRuns()
{
    auto *repl = m_window->findChild<Ui::ReplSession *>(QStringLiteral("replSession"));
    QSignalSpy finished(repl, &Ui::ReplSession::replFinished);
    QAction *stop = action("actionStop");
    QVERIFY(!stop->isEnabled());
    action("actionOpenRepl")->trigger();
    QVERIFY(waitForPrompt(1));
    QVERIFY(stop->isEnabled());
    QTest::keyClick(view(), Qt::Key_Escape);
    QVERIFY(repl->isActive());
    QTest::keyClick(view(), Qt::Key_F2, Qt::ControlModifier);
    QVERIFY(finished.wait(kRunTimeoutMs));
    QCOMPARE(finished.last().at(0).value<Core::RunResult>().killReason, Core::KillReason::Cancelled);
    QVERIFY(!repl->isActive());
    QVERIFY(!stop->isEnabled());

    action("actionOpenRepl")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(repl->isActive(), kRunTimeoutMs);
    m_editor->setFocus();
    QTest::keyClick(m_editor, Qt::Key_Escape);
    // Still there, and answering after the Escape.
    type(QStringLiteral("6 * 7000\r"));
    QVERIFY2(QTest::qWaitFor([&] { return screenText().contains(QStringLiteral("42000")); }, kRunTimeoutMs),
             qPrintable(screenText()));
    QVERIFY(repl->isActive());
    QCOMPARE(finished.count(), 1);
    QTest::keyClick(m_editor, Qt::Key_F2, Qt::ControlModifier);
    QVERIFY(finished.wait(kRunTimeoutMs));
    QCOMPARE(finished.last().at(0).value<Core::RunResult>().killReason, Core::KillReason::Cancelled);
    QVERIFY(!repl->isActive());
}

QTEST_MAIN(TestReplWindow)
#include "tst_replwindow.moc"
