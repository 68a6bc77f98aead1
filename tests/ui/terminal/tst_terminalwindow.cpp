// The Terminal tab in the window: where it is, the actions that start a REPL, and the request
// they hand the engine (a terminal of the tab's size, the language's REPL, the program).

#include "editor/editorwidget.h"
#include "session/documentfile.h"
#include "support/windowharness.h"
#include "terminal/replsession.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalview.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;

class TestTerminalWindow : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_terminalwindow")); }
    void init() { QVERIFY(openFreshWindow()); }
    void cleanup() { closeWindow(); }
    void terminalIsATabBesideOutput();
    void openReplAsksForATerminalRunOfTheLanguagesRepl();
    void runInReplRunsTheFileFirst();
    void aLanguageWithoutAReplCannotOpenOne();
    void aRunBesideTheReplKeepsToItsOwnPane();
    void zoomScalesTheTerminalLikeEveryPane();

private:
    Ui::ReplSession *repl() const { return m_window->findChild<Ui::ReplSession *>(QStringLiteral("replSession")); }
    Ui::TerminalPane *pane() const { return m_window->findChild<Ui::TerminalPane *>(QStringLiteral("terminalPane")); }
    /// Everything the terminal shows, its scrollback included.
    QString terminalText() const;
};

void TestTerminalWindow::terminalIsATabBesideOutput()
{
    QDockWidget *terminal = dock("terminalDock");
    QCOMPARE(terminal->windowTitle(), QStringLiteral("Terminal"));
    QVERIFY(m_window->tabifiedDockWidgets(dock("outputDock")).contains(terminal));
    // Output stays in front at the start; the terminal says how to open a REPL.
    QVERIFY(!dock("outputDock")->visibleRegion().isEmpty());
    QVERIFY(pane()->statusText().contains(QStringLiteral("Open REPL")));
}

void TestTerminalWindow::openReplAsksForATerminalRunOfTheLanguagesRepl()
{
    m_editor->setText(QStringLiteral("x = 41\n"));
    QSignalSpy starting(repl(), &Ui::ReplSession::replStarting);
    action("actionOpenRepl")->trigger();
    QCOMPARE(starting.count(), 1);
    QVERIFY(repl()->isActive());
    QVERIFY(m_controller->isActive(repl()->currentId()));
    const Core::RunRequest &request = repl()->lastRequest();
    QVERIFY(request.terminal.has_value());
    // The REPL is told the size the terminal settles at, once in front.
    QTRY_COMPARE(repl()->terminalSize(), pane()->view()->cellsThatFit());
    QVERIFY(pane()->view()->cellsThatFit().columns > 40);
    QCOMPARE(request.command, (QStringList{QStringLiteral("python3"), QStringLiteral("-i"), QStringLiteral("-q")}));
    QVERIFY(request.keepStdinOpen);
    // The Terminal tab comes to the front with the keys in it.
    QTRY_VERIFY(!dock("terminalDock")->visibleRegion().isEmpty());
    QTRY_VERIFY(pane()->view()->hasFocus());
    QVERIFY(pane()->statusText().isEmpty());
    QTRY_COMPARE(pane()->view()->screen().lineText(0), QStringLiteral("Python REPL")); // fed on its own thread
}

void TestTerminalWindow::runInReplRunsTheFileFirst()
{
    m_editor->setText(QStringLiteral("x = 41\n"));
    action("actionRunInRepl")->trigger();
    const Core::RunRequest &request = repl()->lastRequest();
    QVERIFY(request.terminal.has_value());
    QCOMPARE(request.command,
             (QStringList{QStringLiteral("python3"), QStringLiteral("-i"), QStringLiteral("-q"), request.entryFile}));
    QCOMPARE(request.entryFile, QStringLiteral("untitled.py"));
    QCOMPARE(request.sources.size(), 1);
    QCOMPARE(request.sources.first().content, QByteArray("x = 41\n"));
}

void TestTerminalWindow::aLanguageWithoutAReplCannotOpenOne()
{
    tabs()->current()->document()->setLanguage(m_languages.find(QStringLiteral("c")));
    QTRY_VERIFY(!action("actionOpenRepl")->isEnabled());
    QVERIFY(!action("actionRunInRepl")->isEnabled());
    tabs()->current()->document()->setLanguage(m_languages.find(QStringLiteral("bash")));
    QTRY_VERIFY(action("actionOpenRepl")->isEnabled());
}

void TestTerminalWindow::aRunBesideTheReplKeepsToItsOwnPane()
{
    // The REPL and the window's run share the engine; neither's output reaches the other's pane.
    m_editor->setText(QStringLiteral("print('repl side')\n"));
    action("actionOpenRepl")->trigger();
    Ui::TerminalView *view = pane()->view();
    // The program's own output (it runs the file on pipes until the engine has terminal
    // runs; then the REPL's banner and prompt).
    QTRY_VERIFY_WITH_TIMEOUT(terminalText().contains(QStringLiteral("repl side"))
                                 || terminalText().contains(QStringLiteral(">>>")),
                             kRunTimeoutMs);
    m_editor->setText(QStringLiteral("print('run side')\n"));
    action("actionRun")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("run side")), kRunTimeoutMs);
    QTRY_VERIFY(!m_window->findChild<QAction *>(QStringLiteral("actionStop"))->isEnabled() || repl()->isActive());
    view->flush();
    QVERIFY(!terminalText().contains(QStringLiteral("run side")));
    QVERIFY(!m_output->plainText().contains(QStringLiteral("repl side")));
    QVERIFY(!m_output->plainText().contains(QStringLiteral(">>>")));
}

void TestTerminalWindow::zoomScalesTheTerminalLikeEveryPane()
{
    const QSizeF before = pane()->view()->cellSize();
    // The editor's font, as the settings have it.
    QCOMPARE(pane()->view()->font().family(), m_editor->font().family());
    action("actionZoomIn")->trigger();
    action("actionZoomIn")->trigger();
    QTRY_VERIFY(pane()->view()->cellSize().height() > before.height());
    QVERIFY(pane()->view()->cellSize().width() > before.width());
    action("actionZoomReset")->trigger();
    QTRY_COMPARE(pane()->view()->cellSize(), before);
}

QString TestTerminalWindow::terminalText() const
{
    Ui::TerminalView *view = pane()->view();
    view->flush();
    QStringList lines;
    const Ui::TerminalImage &screen = view->screen();
    for (int row = -screen.scrollbackLines(); row < screen.size().rows; ++row)
        lines.append(screen.lineText(row));
    return lines.join(QLatin1Char('\n')).trimmed();
}

QTEST_MAIN(TestTerminalWindow)
#include "tst_terminalwindow.moc"
