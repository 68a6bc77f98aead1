// The window end to end: a real RunController and the local backend run real programs, and
// the test watches what the panes show.

#include "artifactspane.h"
#include "diagnosticslist.h"
#include "backends.h"
#include "editorwidget.h"
#include "inputsetstore.h"
#include "enginesettings.h"
#include "historypane.h"
#include "languagemenu.h"
#include "languageregistry.h"
#include "mainwindow.h"
#include "outputpane.h"
#include "outputsettings.h"
#include "runcontroller.h"
#include "runpane.h"

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
#include <QPlainTextEdit>
#include <QPushButton>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kRunTimeoutMs = 20'000;
} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void runShowsStdoutAndStderr();
    void stopEndsASleepingProgramQuickly();
    void escapeInTheEditorStops();
    void exitCodeIsShown();
    void emptyEditorHasNothingToRun();
    void inputLineFeedsStdin();
    void promptShowsBeforeTheUserTypes();
    void artifactsAreListed();
    void compiledLanguageRuns();
    void outputPaneStaysBounded();
    void outputPaneShowsBadBytesHarmlessly();
    void saveOutputWritesTheRunAndSaysHowItWent();
    void runWithInputFeedsTheSetAndChecksTheOutput();
    void runWithInputAddsASetBesideTheFile();
    void runWithInputLeavesABrokenFileAlone();
    void runWithInputNeedsASavedProgram();

    void openMissingFileKeepsText();
    void openFileWithNulBytesIsRefused();
    void openHugeFileIsRefused();
    void openInvalidUtf8WarnsButLoads();
    void openUnknownExtensionIsPlainText();
    void saveWritesTheFileAndClearsModified();
    void zoomShortcutsReachTheEditor();
    void closeRemembersLayout();
    void unreachableDockerFallsBackVisibly();
    void historyRecordsRestoresAndDiffs();

    void compileErrorIsMarkedAndClickable();
    void runtimeErrorIsMarked();
    void languageMenuSwitchesANewProgram();
    void missingToolchainIsShownNotHidden();

private:
    void runCode(const QString &code);
    /// Opens `program` as a saved file and opens Run with input… on it.
    QDialog *openInputSets(const QString &program);
    QString writeFile(const QString &name, const QByteArray &content);

    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
    std::unique_ptr<Core::RunController> m_controller;
    std::unique_ptr<Ui::MainWindow> m_window;
    Ui::EditorWidget *m_editor = nullptr;
    Ui::OutputPane *m_output = nullptr;
    Ui::RunPane *m_runPane = nullptr;
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SandpitTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::init()
{
    m_controller = std::make_unique<Core::RunController>(Core::makeBackends(m_languages, Core::EngineSettings{}));
    m_window = std::make_unique<Ui::MainWindow>(*m_controller, m_languages, Core::EngineSettings{});
    m_window->show();
    m_editor = m_window->findChild<Ui::EditorWidget *>(QStringLiteral("editor"));
    m_output = m_window->findChild<Ui::OutputPane *>(QStringLiteral("outputPane"));
    m_runPane = m_window->findChild<Ui::RunPane *>(QStringLiteral("runPane"));
    QVERIFY(m_editor && m_output && m_runPane);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready"));
}

void TestMainWindow::cleanup()
{
    m_window.reset();
    m_controller.reset();
}

void TestMainWindow::runCode(const QString &code)
{
    m_editor->setText(code);
    auto *run = m_window->findChild<QAction *>(QStringLiteral("actionRun"));
    QVERIFY(run);
    run->trigger();
}

QString TestMainWindow::writeFile(const QString &name, const QByteArray &content)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

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
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("Your name: Ada\nHello, Ada!\n")), qPrintable(m_output->plainText()));
}

void TestMainWindow::artifactsAreListed()
{
    runCode(QStringLiteral("open('output/table.csv', 'w').write('x,y\\n1,2\\n')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    auto *artifacts = m_window->findChild<Ui::ArtifactsPane *>(QStringLiteral("artifactsPane"));
    QVERIFY(artifacts);
    QCOMPARE(artifacts->rowCount(), 1);
    QCOMPARE(artifacts->cellText(0, 0), QStringLiteral("table.csv"));
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

QDialog *TestMainWindow::openInputSets(const QString &program)
{
    m_window->openFile(program);
    if (!QTest::qWaitFor([&] { return m_window->windowTitle().startsWith(QFileInfo(program).fileName()); }, 5000))
        return nullptr;
    m_window->findChild<QAction *>(QStringLiteral("actionRunWithInput"))->trigger();
    auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("inputSetDialog"));
    return dialog && dialog->isVisible() ? dialog : nullptr;
}

void TestMainWindow::runWithInputFeedsTheSetAndChecksTheOutput()
{
    const QString program = writeFile(QStringLiteral("sum.py"), "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n");
    // Written by hand, in a layout Sandpit would not write: running sets must not rewrite it.
    const QByteArray handWritten = R"([{"name": "right", "stdin": "1 2 3\n", "expected_stdout": "6\n"},
 {"name": "wrong", "stdin": "1 2\n", "expected_stdout": "6\n"}, {"name": "unchecked", "stdin": "40 2\n"}])";
    const QString setsPath = writeFile(QStringLiteral("sum.py.sandpit-inputs.json"), handWritten);
    QDialog *dialog = openInputSets(program);
    QVERIFY(dialog);
    auto *list = dialog->findChild<QListWidget *>(QStringLiteral("inputSetList"));
    auto *runButton = dialog->findChild<QPushButton *>(QStringLiteral("inputSetRun"));
    QTRY_COMPARE(list->count(), 3);
    QCOMPARE(list->item(1)->text(), QStringLiteral("wrong"));

    QTest::mouseClick(runButton, Qt::LeftButton); // the first set is selected
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("matches the expected output")), kRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("6\n")), qPrintable(m_output->plainText()));
    QVERIFY(m_output->plainText().contains(QStringLiteral("Input “right”")));

    list->setCurrentRow(1);
    QTest::mouseClick(runButton, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("differs from the expected output at line 1: "
                                                                           "expected “6”, got “3”")),
                             kRunTimeoutMs);
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("differs")));

    list->setCurrentRow(2);
    QTest::mouseClick(runButton, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QTRY_VERIFY(m_output->plainText().startsWith(QStringLiteral("42\n")));
    QVERIFY(!m_output->plainText().contains(QStringLiteral("expected output")));

    // A plain Run afterwards is not checked against anything.
    runCode(QStringLiteral("print(5)\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QTRY_VERIFY(m_output->plainText().startsWith(QStringLiteral("5\n")));
    QVERIFY(!m_output->plainText().contains(QStringLiteral("expected output")));
    dialog->close();
    QFile file(setsPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), handWritten);
}

void TestMainWindow::runWithInputAddsASetBesideTheFile()
{
    const QString program = writeFile(QStringLiteral("greet.py"), "print('hi', input())\n");
    QDialog *dialog = openInputSets(program);
    QVERIFY(dialog);
    auto *list = dialog->findChild<QListWidget *>(QStringLiteral("inputSetList"));
    QTRY_VERIFY(dialog->findChild<QPushButton *>(QStringLiteral("inputSetAdd"))->isEnabled());
    QCOMPARE(list->count(), 0);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetAdd")), Qt::LeftButton);
    auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("inputSetName"));
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("Ada"));
    auto *stdinEdit = dialog->findChild<QPlainTextEdit *>(QStringLiteral("inputSetStdin"));
    QTest::keyClicks(stdinEdit, QStringLiteral("Ada"));
    QTest::keyClick(stdinEdit, Qt::Key_Return);
    dialog->findChild<QCheckBox *>(QStringLiteral("inputSetHasExpected"))->setChecked(true);
    auto *expected = dialog->findChild<QPlainTextEdit *>(QStringLiteral("inputSetExpected"));
    QTest::keyClicks(expected, QStringLiteral("hi Ada"));
    QTest::keyClick(expected, Qt::Key_Return);
    QCOMPARE(list->item(0)->text(), QStringLiteral("Ada"));
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetRun")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("Input “Ada”: ✓ The output matches")),
                             kRunTimeoutMs);
    QTRY_VERIFY(Core::InputSetStore::load(program).value_or(Core::InputSets()).size() == 1);
    const Core::InputSet saved = Core::InputSetStore::load(program)->first();
    QCOMPARE(saved, (Core::InputSet{QStringLiteral("Ada"), "Ada\n", QByteArray("hi Ada\n")}));

    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetDelete")), Qt::LeftButton);
    QCOMPARE(list->count(), 0);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetSave")), Qt::LeftButton);
    const Core::InputSets unreadable{Core::InputSet{}};
    QTRY_VERIFY(Core::InputSetStore::load(program).value_or(unreadable).isEmpty());
    dialog->close();
}

void TestMainWindow::runWithInputLeavesABrokenFileAlone()
{
    const QString program = writeFile(QStringLiteral("broken.py"), "print(input())\n");
    const QByteArray broken = "[{\"name\": \"half-written\", ";
    const QString setsPath = writeFile(QFileInfo(Core::InputSetStore::pathFor(program)).fileName(), broken);
    QDialog *dialog = openInputSets(program);
    QVERIFY(dialog);
    auto *message = dialog->findChild<QLabel *>(QStringLiteral("inputSetMessage"));
    QTRY_VERIFY(message->text().contains(QStringLiteral("cannot be read")));
    QVERIFY(message->text().contains(setsPath));
    QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("inputSetAdd"))->isEnabled());
    QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("inputSetSave"))->isEnabled());
    QFile file(setsPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), broken);
    dialog->close();
}

void TestMainWindow::runWithInputNeedsASavedProgram()
{
    m_window->findChild<QAction *>(QStringLiteral("actionRunWithInput"))->trigger();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("problemMessage"))) && box->isVisible());
    QVERIFY(box->text().contains(QStringLiteral("save the program")));
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
    QVERIFY2(m_output->plainText().contains(QStringLiteral("Docker could not be used, so this run used the local sandbox instead.")),
             qPrintable(m_output->plainText()));
    QSettings().remove(QStringLiteral("engine/backend"));
}

void TestMainWindow::historyRecordsRestoresAndDiffs()
{
    // A window of its own with a fresh history folder, so earlier runs are not listed.
    QTemporaryDir data;
    Core::HistorySettings history;
    history.directory = data.filePath(QStringLiteral("history"));
    m_window = std::make_unique<Ui::MainWindow>(*m_controller, m_languages, Core::EngineSettings{}, history);
    m_window->show();
    m_editor = m_window->findChild<Ui::EditorWidget *>(QStringLiteral("editor"));
    m_runPane = m_window->findChild<Ui::RunPane *>(QStringLiteral("runPane"));
    auto *pane = m_window->findChild<Ui::HistoryPane *>(QStringLiteral("historyPane"));
    QVERIFY(pane);
    QTRY_VERIFY(pane->noteText().contains(QStringLiteral("No runs"))); // the first (empty) load arrived

    runCode(QStringLiteral("print('first')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(pane->rowCount(), 1, kRunTimeoutMs);
    QCOMPARE(pane->cellText(0, Ui::HistoryPane::Status), QStringLiteral("ok"));
    QCOMPARE(pane->codeText(), QStringLiteral("print('first')\n"));

    m_editor->setText(QStringLiteral("print('second')\n"));
    pane->findChild<QPushButton *>(QStringLiteral("historyDiffButton"))->click();
    QTRY_VERIFY(pane->diffText().startsWith(QStringLiteral("---")));
    QVERIFY2(pane->diffText().contains(QStringLiteral("-print('first')\n+print('second')")), qPrintable(pane->diffText()));

    // Nothing unsaved to ask about: the run's code becomes a new, unsaved document.
    m_editor->setModified(false);
    pane->findChild<QPushButton *>(QStringLiteral("historyRestore"))->click();
    QCOMPARE(m_editor->text(), QStringLiteral("print('first')\n"));
    QVERIFY(m_editor->isModified());
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("untitled.py")));
    m_editor->setModified(false); // no save question on cleanup
}

void TestMainWindow::compileErrorIsMarkedAndClickable()
{
    m_window->openFile(writeFile(QStringLiteral("broken.c"), "#include <stdio.h>\n\nint main(void)\n{\n"
                                                             "    printf(\"x\\n\")\n    return 0;\n}\n"));
    QTRY_VERIFY(m_editor->text().startsWith(QStringLiteral("#include")));
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Did not compile"), kRunTimeoutMs);
    QVERIFY2(m_runPane->messageText().contains(QStringLiteral("did not run")), qPrintable(m_runPane->messageText()));
    auto *problems = m_window->findChild<Ui::DiagnosticsList *>(QStringLiteral("problemsList"));
    QVERIFY(problems);
    QCOMPARE(problems->count(), 1);
    QVERIFY2(problems->itemText(0).startsWith(QStringLiteral("broken.c:5:")), qPrintable(problems->itemText(0)));
    QCOMPARE(m_editor->markersAtLine(4), 1u << Ui::EditorWidget::ErrorMarker);
    QVERIFY(m_editor->annotation(4).startsWith(QStringLiteral("error: ")));

    m_editor->setCursorPosition(0, 0);
    problems->activate(0);
    int line = -1, index = -1;
    m_editor->getCursorPosition(&line, &index);
    QCOMPARE(line, 4);
    QVERIFY(index > 0);

    // The next run starts clean.
    runCode(QStringLiteral("#include <stdio.h>\nint main(void) { return 0; }\n"));
    QCOMPARE(problems->count(), 0);
    QCOMPARE(m_editor->markersAtLine(4), 0u);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
}

void TestMainWindow::runtimeErrorIsMarked()
{
    runCode(QStringLiteral("def divide(a, b):\n    return a / b\n\nprint(divide(1, 0))\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    auto *problems = m_window->findChild<Ui::DiagnosticsList *>(QStringLiteral("problemsList"));
    QCOMPARE(problems->count(), 2);
    QCOMPARE(problems->itemText(0), QStringLiteral("main.py:2:12  ZeroDivisionError: division by zero"));
    QCOMPARE(m_editor->markersAtLine(1), 1u << Ui::EditorWidget::ErrorMarker);
    QCOMPARE(m_editor->markersAtLine(3), 1u << Ui::EditorWidget::NoteMarker);
}

void TestMainWindow::languageMenuSwitchesANewProgram()
{
    auto *c = m_window->findChild<QAction *>(QStringLiteral("actionLanguage_c"));
    QVERIFY(c && c->isEnabled());
    c->trigger();
    QCOMPARE(m_editor->lexerName(), QStringLiteral("cpp"));
    QCOMPARE(m_editor->text(), m_languages.find(QStringLiteral("c"))->templateCode);
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("untitled.c")));
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QTRY_VERIFY(m_output->plainText().contains(QStringLiteral("Hello, world!")));

    // Java's unsaved program is Main.java, as javac wants; text the learner typed stays.
    m_editor->setText(QStringLiteral("// mine\n"));
    m_window->findChild<QAction *>(QStringLiteral("actionLanguage_java"))->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("// mine\n"));
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("Main.java")));
    QCOMPARE(m_editor->lexerName(), QStringLiteral("java"));
}

void TestMainWindow::missingToolchainIsShownNotHidden()
{
    QFile builtIn(QStringLiteral(":/sandpit/languages/languages.json"));
    QVERIFY(builtIn.open(QIODevice::ReadOnly));
    const auto languages = Core::LanguageRegistry::fromJson(
        builtIn.readAll(), R"({"languages": [{"id": "c", "compile": {"toolchain": ["sandpit-no-such-cc"]}}]})");
    QVERIFY(languages);
    m_window.reset();
    m_controller = std::make_unique<Core::RunController>(Core::makeBackends(*languages, Core::EngineSettings{}));
    m_window = std::make_unique<Ui::MainWindow>(*m_controller, *languages, Core::EngineSettings{});
    m_window->show();
    auto *c = m_window->findChild<QAction *>(QStringLiteral("actionLanguage_c"));
    QVERIFY(c);
    QVERIFY(!c->isEnabled());
    QVERIFY2(c->toolTip().contains(QStringLiteral("sudo apt install gcc")), qPrintable(c->toolTip()));

    // A C file still opens, says what is missing, and running it says how to fix it.
    m_window->openFile(writeFile(QStringLiteral("needs_gcc.c"), "int main(void) { return 0; }\n"));
    auto *runPane = m_window->findChild<Ui::RunPane *>(QStringLiteral("runPane"));
    auto *editor = m_window->findChild<Ui::EditorWidget *>(QStringLiteral("editor"));
    QTRY_VERIFY(editor->text().startsWith(QStringLiteral("int main")));
    QVERIFY(c->isChecked());
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(runPane->statusText(), QStringLiteral("Could not run"), kRunTimeoutMs);
    QVERIFY2(runPane->messageText().contains(QStringLiteral("sandpit-no-such-cc")), qPrintable(runPane->messageText()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
