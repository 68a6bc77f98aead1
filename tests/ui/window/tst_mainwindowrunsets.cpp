// Run all sets and Save now, in the real window on a real engine: one action runs the program
// once per input set, one after another, with a result per set (its verdict, its time, and on
// a click its output and difference); Stop ends the whole batch; History records every run.
// An unsaved program is offered Save now, and once saved Sandpit goes on to its input sets.

#include "history/historypane.h"
#include "run/inputsetresultsdialog.h"
#include "session/diffview.h"
#include "session/documentfile.h"
#include "settings/historysettings.h"
#include "support/windowharness.h"

#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>

using namespace Sandpit;

namespace {
// A batch runs its sets one after another, so its waits are longer than one run's.
constexpr int kRunSetsTimeoutMs = 30'000;
using Column = Ui::InputSetResultsDialog::Column;

// Reads its input, then takes half a second: long enough to look at another tab meanwhile.
const QByteArray kPause = "import sys, time\nsys.stdin.read()\ntime.sleep(0.5)\nprint('done')\n";
const QByteArray kThreeSets
    = R"([{"name": "a", "stdin": "1\n"}, {"name": "b", "stdin": "2\n"}, {"name": "c", "stdin": "3\n"}])";

// Adds the numbers it reads; letters make it stop with a ValueError.
const QByteArray kAdder = "import sys\nnumbers = sys.stdin.read().split()\nprint(sum(int(n) for n in numbers))\n";
const QByteArray kAdderSets = R"([
  {"name": "one two three", "stdin": "1 2 3\n", "expected_stdout": "6\n"},
  {"name": "expects seven", "stdin": "3 3\n", "expected_stdout": "7\n"},
  {"name": "unchecked", "stdin": "40 2\n"},
  {"name": "letters", "stdin": "a b\n", "expected_stdout": "0\n"}
])";
} // namespace

class TestMainWindowRunSets : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    Ui::InputSetResultsDialog *results() const
    {
        auto *dialog = m_window->findChild<Ui::InputSetResultsDialog *>(QStringLiteral("inputSetResultsDialog"));
        return dialog && dialog->isVisible() ? dialog : nullptr;
    }
    Ui::HistoryPane *history() const { return m_window->findChild<Ui::HistoryPane *>(QStringLiteral("historyPane")); }
    bool openProgram(const QString &program)
    {
        m_window->openFile(program);
        return QTest::qWaitFor([&] { return m_window->windowTitle().startsWith(QFileInfo(program).fileName()); }, 5000);
    }
    /// Writes the program `name` and its input sets beside it; the program's path.
    QString writeWithSets(const QString &name, const QByteArray &code, const QByteArray &sets)
    {
        writeFile(name + QStringLiteral(".sandpit-inputs.json"), sets);
        return writeFile(name, code);
    }
    /// Answers the next Save dialog with `path`, as a learner would. It opens later, in a loop
    /// of its own (from Save now), so a timer looks for it instead of waiting in a loop.
    void answerSaveDialogWith(const QString &path)
    {
        auto *poll = new QTimer(this);
        poll->setInterval(20);
        connect(poll, &QTimer::timeout, poll, [poll, path] {
            auto *dialog = qobject_cast<QFileDialog *>(qApp->activeModalWidget());
            if (!dialog)
                return;
            // Typed into its name field, as a learner does: Qt's own dialog (offscreen) ignores
            // selectFile() once that field has the focus, which it gets soon after it opens.
            if (auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit")))
                name->setText(path);
            else
                dialog->selectFile(path);
            if (dialog->selectedFiles() != QStringList{path})
                return;
            poll->deleteLater();
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept, as the Save button
        });
        poll->start();
    }
    QMessageBox *saveFirstQuestion() const
    {
        auto *box = m_window->findChild<QMessageBox *>(QStringLiteral("saveFirstQuestion"));
        return box && box->isVisible() ? box : nullptr;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindowrunsets")); }
    void init()
    {
        QVERIFY(openWindowWithOwnHistory());
        QTRY_VERIFY(history() && history()->noteText().contains(QStringLiteral("No runs")));
    }
    void cleanup() { closeWindow(); }

    void runAllSetsShowsAResultPerSet();
    void runAllFromTheInputSetDialog();
    void stopEndsTheWholeBatch();
    void theBatchStaysWithItsTab();
    void aClosedProgramsSetsAreNotRunOnAnotherTab();
    void saveNowCarriesOnToTheInputSets();
    void saveNowCarriesOnToRunAllSets();
};

void TestMainWindowRunSets::runAllSetsShowsAResultPerSet()
{
    const QString program = writeWithSets(QStringLiteral("adder.py"), kAdder, kAdderSets);
    QVERIFY(openProgram(program));
    action("actionRunAllSets")->trigger();
    QTRY_VERIFY(results());
    Ui::InputSetResultsDialog *dialog = results();
    QVERIFY(!dialog->isModal()); // the window stays in use while the sets run
    QCOMPARE(dialog->rowCount(), 4);
    QCOMPARE(dialog->cellText(0, Column::Set), QStringLiteral("one two three"));
    QCOMPARE(dialog->cellText(3, Column::Set), QStringLiteral("letters"));

    QTRY_COMPARE_WITH_TIMEOUT(dialog->headingText(), QStringLiteral("1 of 3 checked input sets passed."),
                              4 * kRunSetsTimeoutMs);
    QCOMPARE(dialog->cellText(0, Column::Verdict), QStringLiteral("✓ Passed"));
    QCOMPARE(dialog->cellText(1, Column::Verdict), QStringLiteral("✗ Wrong answer at line 1"));
    QCOMPARE(dialog->cellText(2, Column::Verdict), QStringLiteral("Finished (no expected output)"));
    QVERIFY2(dialog->cellText(3, Column::Verdict)
                 .startsWith(QStringLiteral("✗ The program stopped with an error: ValueError")),
             qPrintable(dialog->cellText(3, Column::Verdict)));
    for (int row = 0; row < 4; ++row)
        QVERIFY2(dialog->cellText(row, Column::Time).endsWith(QStringLiteral("ms"))
                     || dialog->cellText(row, Column::Time).endsWith(QStringLiteral(" s")),
                 qPrintable(dialog->cellText(row, Column::Time)));

    // A row clicked shows that set's own output, and how it differs from the expected one.
    auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("inputSetResultsTable"));
    auto *output = dialog->findChild<QPlainTextEdit *>(QStringLiteral("inputSetResultsOutput"));
    auto *diff = dialog->findChild<Ui::DiffView *>(QStringLiteral("inputSetResultsDiff"));
    QVERIFY(table && output && diff);
    const auto clickRow = [table](int row) {
        const QRect cell = table->visualRect(table->model()->index(row, Column::Set));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    };
    auto *views = dialog->findChild<QTabWidget *>();
    QVERIFY(views);
    // Finished, the first set that did not pass is chosen, its difference in front.
    QCOMPARE(table->currentRow(), 1);
    QCOMPARE(views->currentWidget(), diff);
    clickRow(1);
    QCOMPARE(output->toPlainText(), QStringLiteral("6\n"));
    QTRY_VERIFY2(diff->toPlainText().contains(QStringLiteral("-7"))
                     && diff->toPlainText().contains(QStringLiteral("+6")),
                 qPrintable(diff->toPlainText()));
    clickRow(2);
    QCOMPARE(views->currentWidget(), output);
    QCOMPARE(output->toPlainText(), QStringLiteral("42\n"));
    QTRY_VERIFY2(diff->toPlainText().contains(QStringLiteral("no expected output")), qPrintable(diff->toPlainText()));
    clickRow(3);
    QVERIFY2(output->toPlainText().contains(QStringLiteral("ValueError")), qPrintable(output->toPlainText()));

    // Each set was an ordinary run: History has all four, the last one in front.
    QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), 4, kRunSetsTimeoutMs);
}

void TestMainWindowRunSets::runAllFromTheInputSetDialog()
{
    const QString program = writeWithSets(QStringLiteral("adder.py"), kAdder, kAdderSets);
    QDialog *chooser = openInputSets(program);
    QVERIFY(chooser);
    QTRY_COMPARE(chooser->findChild<QListWidget *>(QStringLiteral("inputSetList"))->count(), 4);
    auto *runAll = chooser->findChild<QPushButton *>(QStringLiteral("inputSetRunAll"));
    QVERIFY(runAll && runAll->isEnabled());
    QTest::mouseClick(runAll, Qt::LeftButton);
    QTRY_VERIFY(results());
    QVERIFY(!chooser->isVisible()); // the results take the chooser's place
    QCOMPARE(results()->rowCount(), 4);
    QTRY_COMPARE_WITH_TIMEOUT(results()->headingText(), QStringLiteral("1 of 3 checked input sets passed."),
                              4 * kRunSetsTimeoutMs);
}

void TestMainWindowRunSets::stopEndsTheWholeBatch()
{
    const QString program
        = writeWithSets(QStringLiteral("slow.py"), "import sys, time\nsys.stdin.read()\ntime.sleep(60)\n", kThreeSets);
    QVERIFY(openProgram(program));
    action("actionRunAllSets")->trigger();
    QTRY_VERIFY(results());
    Ui::InputSetResultsDialog *dialog = results();
    QTRY_COMPARE_WITH_TIMEOUT(dialog->cellText(0, Column::Verdict), QStringLiteral("Running…"), kRunSetsTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(action("actionStop")->isEnabled(), kRunSetsTimeoutMs);
    action("actionStop")->trigger(); // the window's Stop, not only the dialog's

    QTRY_COMPARE_WITH_TIMEOUT(dialog->cellText(2, Column::Verdict), QStringLiteral("Not run: you pressed Stop"),
                              kRunSetsTimeoutMs);
    QVERIFY2(dialog->cellText(0, Column::Verdict).startsWith(QStringLiteral("✗ Stopped")),
             qPrintable(dialog->cellText(0, Column::Verdict)));
    QCOMPARE(dialog->cellText(1, Column::Verdict), QStringLiteral("Not run: you pressed Stop"));
    QVERIFY2(dialog->headingText().contains(QStringLiteral("2 did not run")), qPrintable(dialog->headingText()));
    QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("inputSetResultsStop"))->isEnabled());
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Stopped"));
    QVERIFY(!action("actionStop")->isEnabled()); // nothing goes on in the background
    QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), 1, kRunSetsTimeoutMs);

    // Run All Again starts over, and the dialog's own Stop ends it as well.
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetResultsRerun")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(dialog->cellText(0, Column::Verdict), QStringLiteral("Running…"), kRunSetsTimeoutMs);
    QCOMPARE(dialog->cellText(2, Column::Verdict), QString());
    QTRY_VERIFY_WITH_TIMEOUT(action("actionStop")->isEnabled(), kRunSetsTimeoutMs);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("inputSetResultsStop")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(dialog->cellText(2, Column::Verdict), QStringLiteral("Not run: you pressed Stop"),
                              kRunSetsTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), 2, kRunSetsTimeoutMs);
}

void TestMainWindowRunSets::theBatchStaysWithItsTab()
{
    const QString program = writeWithSets(QStringLiteral("pause.py"), kPause,
                                          R"([{"name": "a", "stdin": "1\n"}, {"name": "b", "stdin": "2\n"}])");
    QVERIFY(openProgram(program));
    auto *tabs = m_window->findChild<Ui::DocumentTabs *>(QStringLiteral("documentTabs"));
    Ui::DocumentTab *owner = tabs->current();
    action("actionRunAllSets")->trigger();
    QTRY_VERIFY(results());
    QTRY_COMPARE_WITH_TIMEOUT(results()->cellText(0, Column::Verdict), QStringLiteral("Running…"), kRunSetsTimeoutMs);
    // The learner looks at another program meanwhile: the second set is still pause.py's.
    Ui::DocumentTab *other = tabs->newTab();
    other->editor()->setText(QStringLiteral("print('mine')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(results()->headingText(),
                              QStringLiteral("Ran 2 of 2 input sets (none has an expected output to check)."),
                              kRunSetsTimeoutMs);
    QCOMPARE(results()->cellText(1, Column::Verdict), QStringLiteral("Finished (no expected output)"));
    QCOMPARE(tabs->current(), other);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready")); // the tab in front never ran
    QCOMPARE(other->runState(), Ui::DocumentTab::RunState::NotRun);
    QCOMPARE(owner->runState(), Ui::DocumentTab::RunState::Succeeded);
    tabs->setCurrentIndex(0);
    QCOMPARE(m_runPane->statusText(), QStringLiteral("Finished"));
}

void TestMainWindowRunSets::aClosedProgramsSetsAreNotRunOnAnotherTab()
{
    const QString program = writeWithSets(QStringLiteral("pause.py"), kPause, kThreeSets);
    QVERIFY(openProgram(program));
    auto *tabs = m_window->findChild<Ui::DocumentTabs *>(QStringLiteral("documentTabs"));
    Ui::DocumentTab *owner = tabs->current();
    Ui::DocumentTab *other = tabs->newTab();
    other->editor()->setText(QStringLiteral("print('mine')\n"));
    tabs->setCurrentIndex(tabs->tabs().indexOf(owner));
    action("actionRunAllSets")->trigger();
    QTRY_VERIFY(results());
    QTRY_COMPARE_WITH_TIMEOUT(results()->cellText(0, Column::Verdict), QStringLiteral("Running…"), kRunSetsTimeoutMs);
    // The learner closes pause.py while its first set runs: the next sets have no program.
    tabs->closeTab(owner);
    QTRY_VERIFY2_WITH_TIMEOUT(
        results()->cellText(1, Column::Verdict).contains(QStringLiteral("Could not run: pause.py is no longer open")),
        qPrintable(results()->cellText(0, Column::Verdict) + QLatin1Char('|')
                   + results()->cellText(1, Column::Verdict)),
        kRunSetsTimeoutMs);
    QTRY_VERIFY2_WITH_TIMEOUT(results()->cellText(2, Column::Verdict).startsWith(QStringLiteral("Not run")),
                              qPrintable(results()->cellText(2, Column::Verdict)), kRunSetsTimeoutMs);
    // The tab left in front never ran: its code was not checked against pause.py's sets.
    QCOMPARE(tabs->current(), other);
    QCOMPARE(other->runState(), Ui::DocumentTab::RunState::NotRun);
}

void TestMainWindowRunSets::saveNowCarriesOnToTheInputSets()
{
    m_editor->setText(QString::fromLatin1(kAdder));
    const QString path = m_dir.filePath(QStringLiteral("saved_now.py"));
    action("actionRunWithInput")->trigger();
    QTRY_VERIFY(saveFirstQuestion());
    QVERIFY2(saveFirstQuestion()->text().contains(QStringLiteral("input sets")),
             qPrintable(saveFirstQuestion()->text()));
    answerSaveDialogWith(path);
    QTest::mouseClick(saveFirstQuestion()->findChild<QPushButton *>(QStringLiteral("saveNowButton")), Qt::LeftButton);

    QTRY_VERIFY(QFileInfo::exists(path));
    auto *tabs = m_window->findChild<Ui::DocumentTabs *>(QStringLiteral("documentTabs"));
    // The file is written on a worker thread; the tab takes its new name when the save's
    // result comes back to the GUI thread, a moment after the file appears.
    QTRY_COMPARE(tabs->current()->document()->path(), path);
    // Sandpit went on to what the learner asked for: the input sets of the program just saved.
    QTRY_VERIFY(m_window->findChild<QDialog *>(QStringLiteral("inputSetDialog")));
    QDialog *chooser = m_window->findChild<QDialog *>(QStringLiteral("inputSetDialog"));
    QTRY_VERIFY(chooser->isVisible());
    QVERIFY2(chooser->windowTitle().contains(QStringLiteral("saved_now.py")), qPrintable(chooser->windowTitle()));
    chooser->close();
}

void TestMainWindowRunSets::saveNowCarriesOnToRunAllSets()
{
    // Sets written beside the name the learner is about to choose.
    writeFile(QStringLiteral("later.py.sandpit-inputs.json"), kAdderSets);
    m_editor->setText(QString::fromLatin1(kAdder));
    action("actionRunAllSets")->trigger();
    QTRY_VERIFY(saveFirstQuestion());
    answerSaveDialogWith(m_dir.filePath(QStringLiteral("later.py")));
    QTest::mouseClick(saveFirstQuestion()->findChild<QPushButton *>(QStringLiteral("saveNowButton")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(results(), kRunSetsTimeoutMs);
    QCOMPARE(results()->rowCount(), 4);
    QTRY_COMPARE_WITH_TIMEOUT(results()->headingText(), QStringLiteral("1 of 3 checked input sets passed."),
                              4 * kRunSetsTimeoutMs);

    // Cancel leaves an unsaved program as it was, and runs nothing.
    auto *tabs = m_window->findChild<Ui::DocumentTabs *>(QStringLiteral("documentTabs"));
    tabs->newTab();
    currentEditor()->setText(QStringLiteral("print('not saved')\n"));
    action("actionRunAllSets")->trigger();
    QTRY_VERIFY(saveFirstQuestion());
    saveFirstQuestion()->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!saveFirstQuestion());
    QVERIFY(tabs->current()->document()->path().isEmpty());
    QCOMPARE(results()->rowCount(), 4);
}

QTEST_MAIN(TestMainWindowRunSets)
#include "tst_mainwindowrunsets.moc"
