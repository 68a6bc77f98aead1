// The window end to end: a real RunController and the local backend run real programs, and
// the test watches what the panes show. The learner's tools beside Run (input sets, the
// history, the problems list, the language menu) are in tst_mainwindowtools.

#include "artifacts/artifactpreview.h"
#include "artifacts/artifactspane.h"
#include "editor/editorwidget.h"
#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "history/historypane.h"
#include "history/inputsetstore.h"
#include "languages/languageregistry.h"
#include "output/outputpane.h"
#include "output/outputsettings.h"
#include "run/diagnosticslist.h"
#include "run/runpane.h"
#include "settings/enginesettings.h"
#include "support/windowharness.h"
#include "window/languagemenu.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

class TestMainWindow : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindow")); }
    void init()
    {
        QVERIFY(openWindow());
        QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready"));
    }
    void cleanup() { closeWindow(); }

    void runShowsStdoutAndStderr();
    void eachMenusLettersAreItsOwn();
    void stopEndsASleepingProgramQuickly();
    void escapeInTheEditorStops();
    void exitCodeIsShown();
    void emptyEditorHasNothingToRun();
    void inputLineFeedsStdin();
    void promptShowsBeforeTheUserTypes();
    void artifactsAreListed();
    void artifactsAppearWhileTheProgramRuns();
    void compiledLanguageRuns();
    void outputPaneStaysBounded();
    void outputPaneShowsBadBytesHarmlessly();
    void saveOutputWritesTheRunAndSaysHowItWent();
    void openMissingFileKeepsText();
    void openFileWithNulBytesIsRefused();
    void openHugeFileIsRefused();
    void openInvalidUtf8WarnsButLoads();
    void openUnknownExtensionIsPlainText();
    void saveWritesTheFileAndClearsModified();
    void zoomShortcutsReachTheEditor();
    void closeRemembersLayout();
    void unreachableDockerFallsBackVisibly();
};

void TestMainWindow::runShowsStdoutAndStderr()
{
    runCode(QStringLiteral("import sys\nprint('hello from stdout')\nprint('oops on stderr', file=sys.stderr)\n"));
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Running…"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QCOMPARE(m_runPane->exitText(), QStringLiteral("exit code 0"));
    QTRY_VERIFY(m_output->plainText().contains(QStringLiteral("hello from stdout")));
    QVERIFY(m_output->plainText().contains(QStringLiteral("oops on stderr")));
    QVERIFY(!m_runPane->isolationText().isEmpty());
}

void TestMainWindow::stopEndsASleepingProgramQuickly()
{
    runCode(QStringLiteral("import time\nprint('sleeping', flush=True)\ntime.sleep(30)\n"));
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("sleeping")), kRunTimeoutMs);
    auto *stop = m_window->findChild<QAction *>(QStringLiteral("actionStop"));
    QVERIFY(stop && stop->isEnabled());
    QElapsedTimer clock;
    clock.start();
    stop->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped"), 5000);
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(m_runPane->messageText().contains(Core::killReasonTitle(Core::KillReason::Cancelled)));
    QVERIFY(!stop->isEnabled());
}

void TestMainWindow::escapeInTheEditorStops()
{
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    runCode(QStringLiteral("import time\nprint('sleeping', flush=True)\ntime.sleep(30)\n"));
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("sleeping")), kRunTimeoutMs);
    m_editor->setFocus();
    QTest::keyClick(m_editor, Qt::Key_Escape);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped"), 5000);
}

void TestMainWindow::exitCodeIsShown()
{
    runCode(QStringLiteral("import sys\nprint('bye')\nsys.exit(3)\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->exitText(), QStringLiteral("exit code 3"), kRunTimeoutMs);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Finished"));
}

void TestMainWindow::emptyEditorHasNothingToRun()
{
    runCode(QStringLiteral("  \n\n"));
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Could not run"));
    QCOMPARE(m_runPane->messageText(), QStringLiteral("Nothing to run: the editor is empty."));
    QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Nothing to run: the editor is empty."));
}

void TestMainWindow::inputLineFeedsStdin()
{
    auto *input = m_output->findChild<QLineEdit *>(QStringLiteral("inputLine"));
    QVERIFY(input);
    QVERIFY(!input->isEnabled());
    runCode(QStringLiteral("print('ready', flush=True)\nprint('got', input().upper())\n"));
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("ready")), kRunTimeoutMs);
    QVERIFY(input->isEnabled());
    QTest::keyClicks(input, QStringLiteral("sandpit"));
    QTest::keyClick(input, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("got SANDPIT")), kRunTimeoutMs);
    QVERIFY(m_output->plainText().contains(QStringLiteral("sandpit\n")));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QVERIFY(!input->isEnabled());
}

void TestMainWindow::promptShowsBeforeTheUserTypes()
{
    auto *input = m_output->findChild<QLineEdit *>(QStringLiteral("inputLine"));
    // No flush in the program: Python runs unbuffered (-u), so input()'s prompt, which ends
    // without a newline, reaches the pane while the program waits.
    runCode(QStringLiteral("name = input('Your name: ')\nprint(f'Hello, {name}!')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("Your name: "), kRunTimeoutMs);
    QTest::keyClicks(input, QStringLiteral("Ada"));
    QTest::keyClick(input, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("Your name: Ada\nHello, Ada!\n")),
             qPrintable(m_output->plainText()));
}

void TestMainWindow::artifactsAppearWhileTheProgramRuns()
{
    auto *input = m_output->findChild<QLineEdit *>(QStringLiteral("inputLine"));
    auto *artifacts = m_window->findChild<Ui::ArtifactsPane *>(QStringLiteral("artifactsPane"));
    QVERIFY(input && artifacts);
    runCode(QStringLiteral("open('output/early.txt', 'w').write('soon\\n')\ninput()\n"
                           "open('output/late.txt', 'w').write('later\\n')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(artifacts->rowCount(), 1, kRunTimeoutMs);
    QCOMPARE(artifacts->cellText(0, 0), QStringLiteral("early.txt"));
    QVERIFY2(artifacts->noteText().startsWith(QStringLiteral("Still running")), qPrintable(artifacts->noteText()));
    QVERIFY(m_runPane->statusText().startsWith(QStringLiteral("Running")));
    QTest::keyClick(input, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QCOMPARE(artifacts->rowCount(), 2);
    QCOMPARE(artifacts->noteText(), QString());
    artifacts->selectRow(0);
    QTRY_COMPARE(artifacts->preview()->kind(), Ui::Preview::Kind::Text); // kept now
}

void TestMainWindow::artifactsAreListed()
{
    runCode(QStringLiteral("open('output/table.csv', 'w').write('x,y\\n1,2\\n')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    auto *artifacts = m_window->findChild<Ui::ArtifactsPane *>(QStringLiteral("artifactsPane"));
    QVERIFY(artifacts);
    QCOMPARE(artifacts->rowCount(), 1);
    QCOMPARE(artifacts->cellText(0, 0), QStringLiteral("table.csv"));

    // The run's workspace is gone, but a copy of the file is kept for the preview and Save As.
    artifacts->selectRow(0);
    QTRY_COMPARE(artifacts->preview()->kind(), Ui::Preview::Kind::Table);
    QCOMPARE(artifacts->preview()->tableView()->model()->index(0, 1).data().toString(), QStringLiteral("2"));
    const QString kept = artifacts->selectedPath();
    QVERIFY(QFileInfo::exists(kept));

    // The next run's files replace it.
    runCode(QStringLiteral("open('output/other.txt', 'w').write('x')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(artifacts->rowCount(), 1, kRunTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(artifacts->cellText(0, 0), QStringLiteral("other.txt"), kRunTimeoutMs);
    QVERIFY(!QFileInfo::exists(kept));

    // Closing the window (quitting) removes the last run's copies too.
    artifacts->selectRow(0);
    const QString last = artifacts->selectedPath();
    QVERIFY(QFileInfo::exists(last));
    closeWindow();
    QVERIFY(!QFileInfo::exists(last));
}

void TestMainWindow::compiledLanguageRuns()
{
    m_window->openFile(writeFile(QStringLiteral("hello.c"),
                                 "#include <stdio.h>\nint main(void) { puts(\"compiled and ran\"); return 0; }\n"));
    QTRY_VERIFY(m_editor->text().startsWith(QStringLiteral("#include")));
    QCOMPARE(m_editor->lexerName(), QStringLiteral("cpp"));
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QVERIFY2(m_output->plainText().contains(QStringLiteral("compiled and ran")), qPrintable(m_output->plainText()));
}

void TestMainWindow::outputPaneStaysBounded()
{
    Ui::OutputSettings settings;
    settings.maxLines = 500;
    m_window->setOutputSettings(settings);
    QCOMPARE(m_output->maxLines(), 500);
    for (int i = 0; i < 2'000; ++i)
        m_output->appendOutput(Core::OutputStream::Stdout, QByteArray("line ") + QByteArray::number(i) + '\n');
    QTRY_VERIFY(m_output->plainText().contains(QStringLiteral("line 1999")));
    QVERIFY(m_output->lineCount() <= m_output->maxLines());
    QVERIFY(!m_output->plainText().contains(QStringLiteral("line 0\n")));
    QVERIFY(m_output->hasDroppedLines());
    auto *note = m_output->findChild<QWidget *>(QStringLiteral("droppedNote"));
    QVERIFY(note && note->isVisible());
}

void TestMainWindow::outputPaneShowsBadBytesHarmlessly()
{
    m_output->appendOutput(Core::OutputStream::Stdout, QByteArray("bad \xff\xfe bytes, a NUL ", 20) + '\0' + " here\n");
    QTRY_VERIFY(m_output->plainText().contains(QStringLiteral("here")));
    const QString text = m_output->plainText();
    QVERIFY(text.contains(QChar(0xFFFD)));
    QVERIFY(text.contains(QChar(0x2400)));
    QVERIFY(!text.contains(QChar(0)));
}

void TestMainWindow::saveOutputWritesTheRunAndSaysHowItWent()
{
    runCode(QStringLiteral("import sys\nprint('\\x1b[32mgreen\\x1b[0m')\nprint('oops', file=sys.stderr)\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    const QString path = m_dir.filePath(QStringLiteral("run-output.txt"));
    m_output->saveOutput(path);
    QTRY_VERIFY(m_window->statusBar()->currentMessage().startsWith(QStringLiteral("Saved the output")));
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), QByteArray("\x1b[32mgreen\x1b[0m\noops\n")); // the bytes as the program wrote them

    const QString nowhere = m_dir.filePath(QStringLiteral("missing-folder/out.txt"));
    m_output->saveOutput(nowhere);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("problemMessage"))) && box->isVisible());
    QVERIFY2(box->text().contains(nowhere), qPrintable(box->text()));
    box->close();
}

void TestMainWindow::openMissingFileKeepsText()
{
    m_editor->setText(QStringLiteral("precious = 1\n"));
    m_window->openFile(m_dir.filePath(QStringLiteral("does-not-exist.py")));
    QTRY_VERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("does not exist")));
    QCOMPARE(m_editor->text(), QStringLiteral("precious = 1\n"));
}

void TestMainWindow::openFileWithNulBytesIsRefused()
{
    m_editor->setText(QStringLiteral("precious = 1\n"));
    m_window->openFile(writeFile(QStringLiteral("binary.py"), QByteArray("print(1)\0\0\0", 11)));
    QTRY_VERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("NUL bytes")));
    QCOMPARE(m_editor->text(), QStringLiteral("precious = 1\n"));
}

void TestMainWindow::openHugeFileIsRefused()
{
    const QString path = m_dir.filePath(QStringLiteral("huge.py"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(25LL * 1024 * 1024)); // sparse: costs no disk
    file.close();
    m_editor->setText(QStringLiteral("precious = 1\n"));
    m_window->openFile(path);
    QTRY_VERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("was not opened")));
    QCOMPARE(m_editor->text(), QStringLiteral("precious = 1\n"));
}

void TestMainWindow::openInvalidUtf8WarnsButLoads()
{
    m_window->openFile(writeFile(QStringLiteral("latin1.py"), "print('caf\xe9')\n"));
    QTRY_VERIFY(m_editor->text().startsWith(QStringLiteral("print")));
    QVERIFY(m_editor->text().contains(QChar(0xFFFD)));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("not valid UTF-8")));
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("latin1.py")));
}

void TestMainWindow::openUnknownExtensionIsPlainText()
{
    m_window->openFile(writeFile(QStringLiteral("notes.xyz"), "just some notes\n"));
    QTRY_COMPARE(m_editor->text(), QStringLiteral("just some notes\n"));
    QCOMPARE(m_editor->lexerName(), QString());
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("cannot run")));
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Could not run"));
    QVERIFY(m_runPane->messageText().contains(QStringLiteral("notes.xyz")));
}

void TestMainWindow::saveWritesTheFileAndClearsModified()
{
    const QString path = writeFile(QStringLiteral("saved.py"), "print(1)\n");
    m_window->openFile(path);
    QTRY_COMPARE(m_editor->text(), QStringLiteral("print(1)\n"));
    m_editor->setText(QStringLiteral("print('é')\n"));
    QVERIFY(m_editor->isModified());
    QTRY_VERIFY(m_window->isWindowModified());
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QTRY_VERIFY(!m_window->isWindowModified());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QStringLiteral("print('é')\n").toUtf8());
}

void TestMainWindow::zoomShortcutsReachTheEditor()
{
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_editor->setFocus();
    const long before = m_editor->SendScintilla(QsciScintillaBase::SCI_GETZOOM);
    QTest::keyClick(m_editor, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(m_editor->SendScintilla(QsciScintillaBase::SCI_GETZOOM), before + 1);
    QTest::keyClick(m_editor, Qt::Key_Minus, Qt::ControlModifier);
    QTest::keyClick(m_editor, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(m_editor->SendScintilla(QsciScintillaBase::SCI_GETZOOM), before - 1);
}

void TestMainWindow::closeRemembersLayout()
{
    QVERIFY(m_window->close());
    const QSettings settings;
    QVERIFY(!settings.value(QStringLiteral("window/state")).toByteArray().isEmpty());
    QVERIFY(!settings.value(QStringLiteral("window/geometry")).toByteArray().isEmpty());
}

void TestMainWindow::unreachableDockerFallsBackVisibly()
{
    // A Docker that is not there: the window is rebuilt so that the engine reads it.
    qputenv("DOCKER_HOST", "unix:///nonexistent/docker.sock");
    m_window.reset();
    m_controller = std::make_unique<Core::RunController>(Core::makeBackends(m_languages, Core::EngineSettings{}));
    m_window = std::make_unique<Ui::MainWindow>(*m_controller, m_languages, Core::EngineSettings{});
    m_window->show();
    qunsetenv("DOCKER_HOST");
    m_editor = m_window->findChild<Ui::EditorWidget *>(QStringLiteral("editor"));
    m_output = m_window->findChild<Ui::OutputPane *>(QStringLiteral("outputPane"));
    m_runPane = m_window->findChild<Ui::RunPane *>(QStringLiteral("runPane"));

    auto *backend = m_window->findChild<QComboBox *>(QStringLiteral("backendCombo"));
    QVERIFY(backend);
    QCOMPARE(backend->currentText(), QStringLiteral("Local sandbox"));
    backend->setFocus();
    QTest::keyClick(backend, Qt::Key_Down); // as a user picks an entry
    QCOMPARE(backend->currentText(), QStringLiteral("Docker"));
    QCOMPARE(QSettings().value(QStringLiteral("engine/backend")).toString(), QStringLiteral("docker"));

    runCode(QStringLiteral("print('ran anyway')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QTRY_VERIFY(m_output->plainText().contains(QStringLiteral("ran anyway")));
    QVERIFY2(m_output->plainText().contains(
                 QStringLiteral("Docker could not be used, so this run used the local sandbox instead.")),
             qPrintable(m_output->plainText()));
    QSettings().remove(QStringLiteral("engine/backend"));
}

namespace {
/// The letter Alt (or the letter alone, in an open menu) reaches `text` by: "E&xercises" → 'x'.
QChar mnemonic(const QString &text)
{
    for (qsizetype i = text.indexOf(QLatin1Char('&')); i >= 0 && i + 1 < text.size();
         i = text.indexOf(QLatin1Char('&'), i + 2)) {
        if (text.at(i + 1) != QLatin1Char('&'))
            return text.at(i + 1).toLower();
    }
    return {};
}

/// Two entries of `menu` that share a letter: pressing it picks the first, never the second.
QStringList clashes(const QMenu *menu)
{
    QStringList found;
    QHash<QChar, QString> taken;
    for (const QAction *action : menu->actions()) {
        if (action->menu())
            found << clashes(action->menu());
        const QChar letter = mnemonic(action->text());
        if (letter.isNull())
            continue;
        if (taken.contains(letter))
            found << QStringLiteral("%1: \"%2\" and \"%3\"").arg(menu->title(), taken.value(letter), action->text());
        taken.insert(letter, action->text());
    }
    return found;
}
} // namespace

void TestMainWindow::eachMenusLettersAreItsOwn()
{
    // File › Exercises shared its x with Examples, so Alt+F, X opened an example instead.
    QStringList found;
    for (const QAction *action : m_window->menuBar()->actions())
        found << clashes(action->menu());
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("; "))));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
