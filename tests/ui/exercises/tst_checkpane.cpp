// Check in the real window, on a real CheckController and the local sandbox: F7 saves the
// learner's file and checks it, the results table fills in as tests finish, a wrong answer's
// diff shows a missing final newline, a hidden test shows only its name, verdict and hint,
// Stop stops a Check, hints unlock after failed Checks, Run example runs in the Output pane.

#include "exercises/checkdetails.h"
#include "exercises/checkpane.h"
#include "exercises/checkresultsmodel.h"
#include "exercises/checksession.h"
#include "exercises/exercisesettings.h"
#include "exercises/openexercise.h"
#include "exercises/packloader.h"
#include "history/inputsetstore.h"
#include "run/diagnosticslist.h"
#include "support/checkfixture.h"
#include "support/windowharness.h"

#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

using namespace Sandpit;

namespace {
const QByteArray kRight = "a = int(input())\nb = int(input())\nprint(a + b)\n";
// One more than the sum, and no newline at the end: the diff must show both.
const QByteArray kWrong = "a = int(input())\nb = int(input())\nprint(a + b + 1, end='')\n";
const QByteArray kSlow = "import time\ntime.sleep(0.4)\na = int(input())\nb = int(input())\nprint(a + b)\n";
// A NameError on line 3: a runtime error the diagnostics parser places.
const QByteArray kBroken = "a = int(input())\nb = int(input())\nprint(a + c)\n";
const QByteArray kStuck = "import time\ntime.sleep(120)\n";
constexpr int kCheckTimeoutMs = 60'000;

} // namespace

class TestCheckPane : public QObject, private WindowHarness
{
    Q_OBJECT

    Ui::CheckPane *pane() const { return m_window->findChild<Ui::CheckPane *>(QStringLiteral("checkPane")); }
    Ui::CheckResultsModel *results() const { return pane()->results(); }
    QString verdictAt(int row) const
    {
        return results()->data(results()->index(row, Ui::CheckResultsModel::Verdict), Qt::DisplayRole).toString();
    }
    QStringList detailTabs() const
    {
        auto *pages = pane()->details()->findChild<QTabWidget *>(QStringLiteral("checkDetailsPages"));
        QStringList titles;
        for (int i = 0; pages && i < pages->count(); ++i)
            titles.append(pages->tabText(i));
        return titles;
    }
    QString detail(const char *name) const
    {
        if (auto *label = pane()->details()->findChild<QLabel *>(QString::fromLatin1(name)))
            return label->isVisibleTo(pane()) ? label->text() : QString();
        return pane()->details()->findChild<QPlainTextEdit *>(QString::fromLatin1(name))->toPlainText();
    }

    /// The fixture exercise, open in the window, with the learner's file holding `code`.
    bool openExercise(const QByteArray &code)
    {
        return SandpitTest::openCheckFixture(*m_window, m_dir, code, [this] { return currentEditor()->text(); });
    }
    bool checkFinished() const { return action("actionCheck")->isEnabled(); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_checkpane")); }
    void init()
    {
        // Progress is per course in the data folder: each test starts with none (no failed
        // Checks of an earlier test unlocking hints).
        QDir(Core::ExerciseSettings::load().progressFolder).removeRecursively();
        QVERIFY(openWindowWithOwnHistory());
    }
    void cleanup() { closeWindow(); }

    void aPatternTestShowsNoEmptyExpectedOutput()
    {
        // "Say hello" judges its output by a pattern: an "Expected output" tab saying "(empty)"
        // told the learner to print nothing.
        Core::Exercise exercise;
        exercise.id = QStringLiteral("greeting");
        Core::ExerciseTest byPattern;
        byPattern.name = QStringLiteral("Ada");
        byPattern.stdinData = "Ada\n";
        Core::CheckerSpec pattern;
        pattern.kind = Core::CheckerKind::Regex;
        pattern.pattern = QStringLiteral("(Hello|Hi), Ada!");
        byPattern.checker = pattern;
        Core::ExerciseTest byText = byPattern;
        byText.name = QStringLiteral("Grace");
        byText.checker.reset();
        byText.expectedStdout = QByteArray(); // prints nothing, and says so
        exercise.tests = {byPattern, byText};
        Ui::CheckPane standalone;
        standalone.showExercise(exercise);
        standalone.showCheckStarted();
        for (int i = 0; i < 2; ++i) {
            Core::TestOutcome outcome;
            outcome.testName = exercise.tests.at(i).name;
            outcome.verdict = Core::Verdict::WrongAnswer;
            outcome.actualStdout = "Ada\n";
            standalone.showTestFinished(i, outcome);
        }
        const auto tabsOf = [&standalone](int row) {
            standalone.selectRow(row);
            auto *pages = standalone.details()->findChild<QTabWidget *>(QStringLiteral("checkDetailsPages"));
            QStringList titles;
            for (int i = 0; i < pages->count(); ++i)
                titles.append(pages->tabText(i));
            return titles;
        };
        QCOMPARE(tabsOf(0), (QStringList{QStringLiteral("Input"), QStringLiteral("Your output")}));
        QVERIFY(tabsOf(1).contains(QStringLiteral("Expected output")));
    }

    void f7ChecksTheFileAndFillsTheTableWithPassedRows()
    {
        QVERIFY(!action("actionCheck")->isEnabled()); // no exercise yet
        QVERIFY(!action("actionCheckTool")->isVisible());
        QVERIFY(openExercise(kRight));
        QVERIFY(action("actionCheck")->isEnabled());
        // Beside Run on the toolbar.
        auto *bar = m_window->findChild<QToolBar *>(QStringLiteral("runToolBar"));
        QCOMPARE(bar->actions().indexOf(action("actionCheckTool")), bar->actions().indexOf(action("actionRun")) + 1);
        QVERIFY(bar->widgetForAction(action("actionCheckTool"))->isVisible());
        QTest::keyClick(currentEditor(), Qt::Key_F7);
        QCOMPARE(results()->rowCount(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(pane()->summary(), QStringLiteral("3 of 3 tests passed · 6/6 points"),
                                  kCheckTimeoutMs);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(verdictAt(row), QStringLiteral("✓ Passed"));
        QVERIFY(dock("checkDock")->isVisible());
    }

    void unsavedTextIsSavedBeforeTheCheck()
    {
        QVERIFY(openExercise(kWrong));
        currentEditor()->setText(QString::fromUtf8(kRight));
        action("actionCheck")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(pane()->summary(), QStringLiteral("3 of 3 tests passed · 6/6 points"),
                                  kCheckTimeoutMs);
        QFile file(m_window->findChild<Ui::CheckSession *>()->exercise().learnerFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), kRight);
    }

    void aWrongAnswerShowsADiffWithTheMissingNewlineAndTheHint()
    {
        QVERIFY(openExercise(kWrong));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        QCOMPARE(pane()->summary(), QStringLiteral("0 of 3 tests passed · 0/6 points"));
        QCOMPARE(verdictAt(0), QStringLiteral("✗ Wrong answer"));
        // The first failed test is selected for the learner.
        QCOMPARE(detail("checkDetailsHeading"), QStringLiteral("two and three: Wrong answer"));
        QVERIFY2(detail("checkDiff").contains(QStringLiteral("(no newline at end)")), qPrintable(detail("checkDiff")));
        QCOMPARE(detail("checkDetailsHint"), QStringLiteral("Hint: 2 + 3 is 5."));
        QVERIFY(detailTabs().contains(QStringLiteral("Input")));
        QCOMPARE(detail("checkExpected"), QStringLiteral("5\n"));
        QCOMPARE(detail("checkActual"), QStringLiteral("6"));
    }

    void aHiddenTestShowsOnlyItsNameVerdictAndHint()
    {
        QVERIFY(openExercise(kWrong));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        pane()->selectRow(2);
        QCOMPARE(detail("checkDetailsHeading"), QStringLiteral("negative numbers: Wrong answer"));
        QCOMPARE(detail("checkDetailsHint"), QStringLiteral("Hint: Negative numbers are numbers too."));
        QCOMPARE(detailTabs(), QStringList());
        QVERIFY(detail("checkDetailsExplanation").contains(QStringLiteral("input and expected output are not shown")));
        // And an author cannot record a hidden test's output from the table either.
        QMenu *menu = pane()->contextMenuFor(2);
        QVERIFY(!menu->findChild<QAction *>(QStringLiteral("recordExpectedAction"))->isEnabled());
    }

    void theTableFillsInWhileTestsRun()
    {
        QVERIFY(openExercise(kSlow));
        auto *session = m_window->findChild<Ui::CheckSession *>();
        int finishedAtFirst = -1;
        bool runningAtFirst = false;
        connect(session, &Ui::CheckSession::testFinished, this, [&](int index) {
            if (index == 0) {
                finishedAtFirst = results()->finishedCount();
                runningAtFirst = session->isRunning();
            }
        });
        // The event loop keeps turning while tests run: a timer fires during the Check.
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&] { ticks += session->isRunning() ? 1 : 0; });
        ticker.start(50);
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        QCOMPARE(finishedAtFirst, 1);
        QVERIFY(runningAtFirst);
        QVERIFY2(ticks > 3, qPrintable(QString::number(ticks)));
    }

    void stopDuringACheckGivesStoppedRows()
    {
        QVERIFY(openExercise(kStuck));
        action("actionCheck")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(verdictAt(0), QStringLiteral("Running…"), kCheckTimeoutMs);
        QVERIFY(action("actionStop")->isEnabled());
        action("actionStop")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished(), kCheckTimeoutMs);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(verdictAt(row), QStringLiteral("■ Stopped"));
        QCOMPARE(pane()->summary(), QStringLiteral("0 of 3 tests passed · 0/6 points"));
    }

    void hintsUnlockAfterFailedChecks()
    {
        QVERIFY(openExercise(kWrong));
        QTRY_COMPARE(pane()->hintsText(), QStringLiteral("Hint 1 unlocks after 1 failed check (0 so far)."));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        QTRY_COMPARE(pane()->hintsText(),
                     QStringLiteral("Hint 1: Read each number with int(input()).\n"
                                    "Hint 2 unlocks after 2 failed checks (1 so far)."));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        QTRY_VERIFY(pane()->hintsText().endsWith(QStringLiteral("Hint 2: print() ends its line by itself.")));
        // The count is in the progress file: the window opened again still knows it.
        closeWindow();
        Core::HistorySettings history;
        history.directory = m_historyDir->filePath(QStringLiteral("history"));
        QVERIFY(openWindow({}, history));
        QVERIFY(openExercise(kWrong));
        QTRY_VERIFY(pane()->hintsText().endsWith(QStringLiteral("Hint 2: print() ends its line by itself.")));
    }

    void aSolvedExerciseNoLongerPromisesHints()
    {
        QVERIFY(openExercise(kWrong));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        QTRY_VERIFY(pane()->hintsText().endsWith(QStringLiteral("Hint 2 unlocks after 2 failed checks (1 so far).")));
        currentEditor()->setText(QString::fromUtf8(kRight));
        action("actionCheck")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(pane()->summary(), QStringLiteral("3 of 3 tests passed · 6/6 points"),
                                  kCheckTimeoutMs);
        // The hint it had stays to read; the one it will never need is not announced.
        QTRY_COMPARE(pane()->hintsText(), QStringLiteral("Hint 1: Read each number with int(input())."));
    }

    void inputSetsBecomeAPackThatLoadsAndRecordingFixesAnExpectedOutput()
    {
        const QString program = writeFile(QStringLiteral("adder/sum.py"), kRight);
        const Core::InputSets sets{{QStringLiteral("small"), "2\n3\n", QByteArray("5\n")},
                                   {QStringLiteral("big"), "40\n2\n", QByteArray("99\n")}}; // wrong on purpose
        QVERIFY(Core::InputSetStore::save(program, sets));
        QDialog *setsDialog = openInputSets(program);
        QVERIFY(setsDialog);
        auto *make = setsDialog->findChild<QPushButton *>(QStringLiteral("makeExercisePackButton"));
        QTRY_VERIFY(make->isEnabled());
        make->click();
        auto *packDialog = m_window->findChild<QDialog *>(QStringLiteral("inputSetPackDialog"));
        QVERIFY(packDialog && packDialog->isVisible());
        const QString folder = m_dir.filePath(QStringLiteral("made-pack"));
        packDialog->findChild<QLineEdit *>(QStringLiteral("packTitle"))->setText(QStringLiteral("Add two numbers"));
        packDialog->findChild<QLineEdit *>(QStringLiteral("packFolder"))->setText(folder);
        packDialog->findChild<QPushButton *>(QStringLiteral("makePackButton"))->click();

        // The pack on disk loads, with a test per input set.
        QTRY_VERIFY(m_window->findChild<QMessageBox *>(QStringLiteral("openPackQuestion")));
        const auto course = Core::PackLoader(m_dir.filePath(QStringLiteral("packs"))).load(folder);
        QVERIFY2(course, course ? "" : qPrintable(course.error().toString()));
        QCOMPARE(course->exercises.size(), 1);
        QCOMPARE(course->exercises.first().title, QStringLiteral("Add two numbers"));
        QCOMPARE(course->exercises.first().tests.size(), 2);
        QCOMPARE(course->exercises.first().tests.first().expectedStdout, QByteArray("5\n"));

        // Opened, the program is checked against it: the set with the wrong expectation fails.
        m_window->findChild<QMessageBox *>(QStringLiteral("openPackQuestion"))
            ->findChild<QPushButton *>(QStringLiteral("openPackButton"))
            ->click();
        QTRY_VERIFY_WITH_TIMEOUT(action("actionCheck")->isEnabled(), 5000);
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 2, kCheckTimeoutMs);
        QCOMPARE(pane()->summary(), QStringLiteral("1 of 2 tests passed · 1/2 points"));

        // Record actual as expected on it: the file holds the program's output, and the
        // Check that follows passes.
        QMenu *menu = pane()->contextMenuFor(1);
        auto *record = menu->findChild<QAction *>(QStringLiteral("recordExpectedAction"));
        QVERIFY(record->isEnabled());
        record->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(pane()->summary(), QStringLiteral("2 of 2 tests passed · 2/2 points"),
                                  kCheckTimeoutMs);
        const auto reloaded = Core::PackLoader(m_dir.filePath(QStringLiteral("packs"))).load(folder);
        QVERIFY(reloaded);
        QCOMPARE(reloaded->exercises.first().tests.at(1).expectedStdout, QByteArray("42\n"));
    }

    void aRuntimeErrorsLineIsAClickAway()
    {
        QVERIFY(openExercise(kBroken));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        QCOMPARE(verdictAt(0), QStringLiteral("✗ Runtime error"));
        QVERIFY2(detailTabs().contains(QStringLiteral("Problems (1)")), qPrintable(detailTabs().join(u',')));
        auto *problems = pane()->details()->findChild<Ui::DiagnosticsList *>(QStringLiteral("checkProblems"));
        QVERIFY(problems->itemText(0).contains(QStringLiteral("NameError")));
        currentEditor()->setCursorPosition(0, 0);
        problems->activate(0);
        int line = -1;
        int column = -1;
        QTRY_VERIFY((currentEditor()->getCursorPosition(&line, &column), line == 2));
    }

    void presentationModeScalesTheResultsAndTheDiff()
    {
        QVERIFY(openExercise(kWrong));
        action("actionCheck")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(checkFinished() && results()->finishedCount() == 3, kCheckTimeoutMs);
        auto *table = pane()->findChild<QTableView *>(QStringLiteral("checkResultsTable"));
        auto *diff = pane()->details()->findChild<QPlainTextEdit *>(QStringLiteral("checkDiff"));
        const qreal tableText = QFontMetricsF(table->font()).height();
        const qreal diffText = QFontMetricsF(diff->font()).height();
        action("actionPresentation")->trigger();
        QVERIFY2(QFontMetricsF(table->font()).height() > tableText * 1.3,
                 qPrintable(QString::number(QFontMetricsF(table->font()).height())));
        QVERIFY2(QFontMetricsF(diff->font()).height() > diffText * 1.3,
                 qPrintable(QString::number(QFontMetricsF(diff->font()).height())));
        action("actionPresentation")->trigger();
        QCOMPARE(QFontMetricsF(table->font()).height(), tableText);
    }

    void aClippedOutputCannotBeRecordedAsExpected()
    {
        Core::Exercise exercise;
        exercise.id = QStringLiteral("flood");
        Core::ExerciseTest test;
        test.name = QStringLiteral("long");
        exercise.tests.append(test);
        pane()->showExercise(exercise);
        pane()->showCheckStarted();
        Core::TestOutcome outcome;
        outcome.testName = QStringLiteral("long");
        outcome.verdict = Core::Verdict::WrongAnswer;
        outcome.exitCode = 0;
        outcome.actualStdout = "start\n… 5000000 bytes not shown\nend\n";
        pane()->showTestFinished(0, outcome);
        auto *record = pane()->contextMenuFor(0)->findChild<QAction *>(QStringLiteral("recordExpectedAction"));
        QVERIFY(!record->isEnabled());
        // The same output whole can be.
        outcome.actualStdout = "start\nend\n";
        pane()->showTestFinished(0, outcome);
        QVERIFY(pane()->contextMenuFor(0)->findChild<QAction *>(QStringLiteral("recordExpectedAction"))->isEnabled());
    }

    void runExampleRunsTheLearnersFileInTheOutputPane()
    {
        QVERIFY(openExercise(kRight));
        auto *button = pane()->findChild<QToolButton *>(QStringLiteral("runExampleButton"));
        QVERIFY(button->isEnabled());
        const QList<QAction *> examples = button->menu()->actions();
        QCOMPARE(examples.size(), 1);
        QCOMPARE(examples.first()->text(), QStringLiteral("two and three"));
        examples.first()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().split(QLatin1Char('\n')).contains(QStringLiteral("5")),
                                 kCheckTimeoutMs);
    }
};

QTEST_MAIN(TestCheckPane)
#include "tst_checkpane.moc"
