// Traceback and compiler lines in Output take the editor to the line, in the real window on a
// real engine: in the tab whose program printed them, even with another tab in front.

#include "support/windowharness.h"

#include <QPlainTextEdit>
#include <QRegularExpression>

using namespace Sandpit;

namespace {
// Fails in greet() (line 2), called from line 5: two frames of the learner's own.
const auto kFailsInAFunction = QStringLiteral("def greet(names, i):\n"
                                              "    print('Hello,', names[i])\n"
                                              "\n"
                                              "names = ['Ada', 'Alan']\n"
                                              "greet(names, 2)\n");
} // namespace

class TestMainWindowLinks : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    QPlainTextEdit *outputView() const { return m_output->findChild<QPlainTextEdit *>(QStringLiteral("outputView")); }

    /// Clicks the middle of the first character of `needle` where Output shows it.
    void clickOutput(const QString &needle)
    {
        const int position = int(m_output->plainText().indexOf(needle));
        QVERIFY2(position >= 0, qPrintable(m_output->plainText()));
        QPlainTextEdit *view = outputView();
        view->ensureCursorVisible();
        QTextCursor cursor(view->document());
        cursor.setPosition(position);
        view->setTextCursor(cursor);
        view->ensureCursorVisible();
        QTextCursor next(view->document());
        next.setPosition(position + 1);
        const QPoint at = (view->cursorRect(cursor).center() + view->cursorRect(next).center()) / 2;
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    }

    int cursorLine(Ui::EditorWidget *editor) const
    {
        int line = -1;
        int column = -1;
        editor->getCursorPosition(&line, &column);
        return line;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindowlinks")); }
    void init()
    {
        QVERIFY(openWindow());
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup() { closeWindow(); }

    void aTracebackLineTakesTheEditorToItsLineInItsTab()
    {
        Ui::DocumentTab *ran = tabs()->current();
        runCode(kFailsInAFunction);
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped with an error"), kRunTimeoutMs);
        // The learner looks at another program, then back at the traceback.
        tabs()->newTab();
        QVERIFY(tabs()->current() != ran);
        QCOMPARE(cursorLine(ran->editor()), 0);

        clickOutput(QStringLiteral("File \"/work/untitled.py\", line 2"));
        QCOMPARE(tabs()->current(), ran);
        QCOMPARE(cursorLine(ran->editor()), 1);
        QTRY_VERIFY(ran->editor()->hasFocus());
        clickOutput(QStringLiteral("File \"/work/untitled.py\", line 5"));
        QCOMPARE(cursorLine(ran->editor()), 4);
        QTRY_VERIFY(ran->editor()->hasFocus());
    }

    void aCompilerLineTakesTheEditorToItsLineAndColumn()
    {
        tabs()->newTab(QStringLiteral("c"));
        Ui::EditorWidget *editor = currentEditor();
        editor->setText(
            QStringLiteral("#include <stdio.h>\n\nint main(void)\n{\n    printf(\"hi\\n\")\n    return 0;\n}\n"));
        m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Did not compile"), kRunTimeoutMs);
        const auto error
            = QRegularExpression(QStringLiteral("(\\S+\\.c):5:(\\d+): error")).match(m_output->plainText());
        QVERIFY2(error.hasMatch(), qPrintable(m_output->plainText()));
        editor->setCursorPosition(0, 0);
        outputView()->setFocus(); // the learner was reading the output

        clickOutput(error.captured(1) + QStringLiteral(":5:"));
        int line = -1;
        int column = -1;
        editor->getCursorPosition(&line, &column);
        QCOMPARE(line, 4);
        QCOMPARE(column, error.captured(2).toInt() - 1);
        QTRY_VERIFY(editor->hasFocus());
    }
};

QTEST_MAIN(TestMainWindowLinks)
#include "tst_mainwindowlinks.moc"
