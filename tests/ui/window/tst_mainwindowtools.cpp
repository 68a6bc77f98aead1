// The learner's tools beside Run, in the real window on a real engine: input sets with their
// expected output, the run history, the problems list with its markers, and the language menu.

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
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

class TestMainWindowTools : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindowtools")); }
    void init()
    {
        QVERIFY(openWindow());
        QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready"));
    }
    void cleanup() { closeWindow(); }

    void runWithInputFeedsTheSetAndChecksTheOutput();
    void runWithInputAddsASetBesideTheFile();
    void runWithInputLeavesABrokenFileAlone();
    void runWithInputNeedsASavedProgram();
    void historyRecordsRestoresAndDiffs();
    void compileErrorIsMarkedAndClickable();
    void runtimeErrorIsMarked();
    void languageMenuSwitchesANewProgram();
    void missingToolchainIsShownNotHidden();
    void plotExampleOpensRunsAndListsItsPlots();
};

void TestMainWindowTools::plotExampleOpensRunsAndListsItsPlots()
{
    auto *plot = m_window->findChild<QAction *>(QStringLiteral("example:plot.py"));
    QVERIFY(plot);
    QCOMPARE(plot->text(), QStringLiteral("Plot with matplotlib (Python)"));
    plot->trigger();
    QVERIFY(m_editor->text().startsWith(QStringLiteral("# Plot with matplotlib")));
    QCOMPARE(m_editor->lexerName(), QStringLiteral("python"));
    QVERIFY(!m_editor->isModified()); // nothing of the learner's to lose if they close it
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    auto *artifacts = m_window->findChild<Ui::ArtifactsPane *>(QStringLiteral("artifactsPane"));
    QVERIFY(artifacts);
    QStringList listed;
    for (int row = 0; row < artifacts->rowCount(); ++row)
        listed << artifacts->cellText(row, 0);
    QCOMPARE(listed, (QStringList{QStringLiteral("figure-1.png"), QStringLiteral("waves.png")}));
    // The plot itself, as the learner sees it: an image preview of the kept copy, 640x480.
    artifacts->selectRow(1);
    QTRY_COMPARE(artifacts->preview()->kind(), Ui::Preview::Kind::Image);
    QVERIFY(QFileInfo(artifacts->selectedPath()).fileName() == QStringLiteral("waves.png"));
    QCOMPARE(QImage(artifacts->selectedPath()).size(), QSize(640, 480));
}

void TestMainWindowTools::runWithInputFeedsTheSetAndChecksTheOutput()
{
    const QString program
        = writeFile(QStringLiteral("sum.py"), "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n");
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
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("matches the expected output")),
                             kRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("6\n")), qPrintable(m_output->plainText()));
    QVERIFY(m_output->plainText().contains(QStringLiteral("Input “right”")));

    list->setCurrentRow(1);
    QTest::mouseClick(runButton, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_output->plainText().contains(QStringLiteral("differs from the expected output at line 1: "
                                                      "expected “6”, got “3”")),
        kRunTimeoutMs);
    QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Wrong answer at line 1"));

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

void TestMainWindowTools::runWithInputAddsASetBesideTheFile()
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

void TestMainWindowTools::runWithInputLeavesABrokenFileAlone()
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

void TestMainWindowTools::runWithInputNeedsASavedProgram()
{
    // Not a dead end: the question offers Save now (tst_mainwindowrunsets follows it through);
    // Cancel leaves the program unsaved, with no input sets opened.
    m_window->findChild<QAction *>(QStringLiteral("actionRunWithInput"))->trigger();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("saveFirstQuestion"))) && box->isVisible());
    QVERIFY2(box->text().contains(QStringLiteral("input sets")), qPrintable(box->text()));
    QVERIFY(box->findChild<QPushButton *>(QStringLiteral("saveNowButton")));
    box->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!m_window->findChild<QMessageBox *>(QStringLiteral("saveFirstQuestion")));
    QVERIFY(!m_window->findChild<QDialog *>(QStringLiteral("inputSetDialog")));
}

void TestMainWindowTools::historyRecordsRestoresAndDiffs()
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
    QVERIFY2(pane->diffText().contains(QStringLiteral("-print('first')\n+print('second')")),
             qPrintable(pane->diffText()));

    // The run's code opens in a tab of its own, unsaved; the edited program is left alone.
    pane->findChild<QPushButton *>(QStringLiteral("historyRestore"))->click();
    Ui::EditorWidget *restored = currentEditor();
    QVERIFY(restored != m_editor);
    QCOMPARE(restored->text(), QStringLiteral("print('first')\n"));
    QVERIFY(restored->isModified());
    QCOMPARE(m_editor->text(), QStringLiteral("print('second')\n"));
    // Beside the first unsaved program, a name of its own.
    QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("untitled-2.py")), qPrintable(m_window->windowTitle()));
}

void TestMainWindowTools::compileErrorIsMarkedAndClickable()
{
    m_window->openFile(writeFile(QStringLiteral("broken.c"),
                                 "#include <stdio.h>\n\nint main(void)\n{\n"
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

void TestMainWindowTools::runtimeErrorIsMarked()
{
    runCode(QStringLiteral("def divide(a, b):\n    return a / b\n\nprint(divide(1, 0))\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Stopped with an error"), kRunTimeoutMs);
    auto *problems = m_window->findChild<Ui::DiagnosticsList *>(QStringLiteral("problemsList"));
    QCOMPARE(problems->count(), 2);
    QCOMPARE(problems->itemText(0), QStringLiteral("untitled.py:2:12  ZeroDivisionError: division by zero"));
    QCOMPARE(m_editor->markersAtLine(1), 1u << Ui::EditorWidget::ErrorMarker);
    QCOMPARE(m_editor->markersAtLine(3), 1u << Ui::EditorWidget::NoteMarker);
}

void TestMainWindowTools::languageMenuSwitchesANewProgram()
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

void TestMainWindowTools::missingToolchainIsShownNotHidden()
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

QTEST_MAIN(TestMainWindowTools)
#include "tst_mainwindowtools.moc"
