// The learner's whole path in the real window, on the local sandbox: open a course from
// File › Exercises, open an exercise (its statement, its own file in a tab), Check a wrong
// answer and read the diff and the hint, Check a right one and see the tick, Reset to Starter
// and take the old text back with Undo; and the course comes back with the next window.

#include "exercises/checkpane.h"
#include "exercises/checkresultsmodel.h"
#include "exercises/checksession.h"
#include "exercises/exercisesettings.h"
#include "exercises/exercisesmenu.h"
#include "exercises/exercisespane.h"
#include "session/documentfile.h"
#include "support/windowharness.h"

#include <QDockWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>

using namespace Sandpit;

namespace {
const QString kPack = QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/ui/pane");
constexpr int kCheckTimeoutMs = 60'000;

QTreeWidgetItem *exerciseItem(QTreeWidget *tree, const QString &title)
{
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        if ((*it)->text(0).contains(title))
            return *it;
    return nullptr;
}
} // namespace

class TestExercisesWindow : public QObject, private WindowHarness
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_learner;

    Ui::ExercisesPane *pane() const
    {
        return m_window->findChild<Ui::ExercisesPane *>(QStringLiteral("exercisesPane"));
    }
    Ui::CheckResultsModel *results() const
    {
        return m_window->findChild<Ui::CheckPane *>(QStringLiteral("checkPane"))->results();
    }
    bool courseShown() const { return pane()->tree()->topLevelItemCount() == 1; }

    /// Opens "Double it" in Python from the pane, as a double-click would.
    bool openDouble()
    {
        QTreeWidgetItem *item = exerciseItem(pane()->tree(), QStringLiteral("Double it"));
        if (!item)
            return false;
        pane()->tree()->setCurrentItem(item);
        pane()->openSelected();
        return QTest::qWaitFor([this] { return currentEditor()->text() == QStringLiteral("n = int(input())\n"); },
                               10'000);
    }

    /// Checks the learner's text `code`; the verdict of the exercise's one test, in words.
    QString check(const QString &code)
    {
        currentEditor()->setText(code);
        QSignalSpy finished(m_window->findChild<Ui::CheckSession *>(), &Ui::CheckSession::checkFinished);
        action("actionCheck")->trigger();
        if (!finished.wait(kCheckTimeoutMs))
            return {};
        const auto report = finished.first().first().value<Core::CheckReport>();
        return report.tests.size() == 1 ? Core::verdictTitle(report.tests.first().verdict) : QString();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_exerciseswindow")); }
    void init()
    {
        // Each test's learner starts with no files of their own.
        m_learner = std::make_unique<QTemporaryDir>();
        qputenv("SANDPIT_EXERCISES_LEARNER_FOLDER", m_learner->path().toUtf8());
        // ... and no progress: an earlier run of this test solved the exercise.
        QDir(Core::ExerciseSettings::load().progressFolder).removeRecursively();
        QVERIFY(openWindowWithOwnHistory());
        auto *menu = m_window->findChild<Ui::ExercisesMenu *>(QStringLiteral("exercisesMenu"));
        QVERIFY(menu);
        Q_EMIT menu->packChosen(kPack);
        QTRY_VERIFY_WITH_TIMEOUT(courseShown(), 10'000);
    }
    void cleanup() { closeWindow(); }

    void theCourseOpensBesideTheEditor()
    {
        QVERIFY(dock("exercisesDock")->isVisible());
        QVERIFY(exerciseItem(pane()->tree(), QStringLiteral("Greet someone")));
        QVERIFY(openDouble());
        QVERIFY(pane()->statement()->toPlainText().contains(QStringLiteral("Print twice the number")));
        QCOMPARE(tabs()->current()->document()->path(), m_learner->path() + QStringLiteral("/pane/double/double.py"));
        QVERIFY(action("actionCheck")->isEnabled());
    }

    void checkAWrongThenARightAnswerAndSeeTheTick()
    {
        QVERIFY(openDouble());
        QCOMPARE(check(QStringLiteral("n = int(input())\nprint(n * 3)\n")), QStringLiteral("Wrong answer"));
        QVERIFY(!exerciseItem(pane()->tree(), QStringLiteral("Double it"))->text(0).startsWith(QStringLiteral("✓")));

        QCOMPARE(check(QStringLiteral("n = int(input())\nprint(n * 2)\n")), QStringLiteral("Passed"));
        QTRY_VERIFY_WITH_TIMEOUT(
            exerciseItem(pane()->tree(), QStringLiteral("Double it"))->text(0).startsWith(QStringLiteral("✓")), 10'000);
        // Updated in place: the exercise is still the one selected, its statement still shown.
        QCOMPARE(pane()->tree()->currentItem(), exerciseItem(pane()->tree(), QStringLiteral("Double it")));
        QVERIFY(pane()->statement()->toPlainText().contains(QStringLiteral("Print twice the number")));
    }

    void hintsUnlockOnFailedChecksOnly()
    {
        QVERIFY(openDouble());
        QSignalSpy hints(m_window->findChild<Ui::CheckSession *>(), &Ui::CheckSession::hintsChanged);
        QCOMPARE(check(QStringLiteral("n = int(input())\nprint(n * 2)\n")), QStringLiteral("Passed"));
        QTRY_VERIFY(!hints.isEmpty());
        QCOMPARE(hints.last().at(1).toInt(), 0); // a passing Check is no failed one
        QVERIFY(hints.last().first().value<QList<Core::Hint>>().isEmpty());
        QCOMPARE(check(QStringLiteral("n = int(input())\nprint(n)\n")), QStringLiteral("Wrong answer"));
        QTRY_COMPARE(hints.last().at(1).toInt(), 1);
        QCOMPARE(hints.last().first().value<QList<Core::Hint>>().size(), 1);
    }

    void aCheckStoppedByAnotherExerciseNeverReportsIntoIt()
    {
        QVERIFY(openDouble());
        auto *session = m_window->findChild<Ui::CheckSession *>();
        currentEditor()->setText(QStringLiteral("import time\ntime.sleep(60)\n"));
        QSignalSpy started(session, &Ui::CheckSession::testStarted);
        QSignalSpy running(session, &Ui::CheckSession::runningChanged);
        QSignalSpy finished(session, &Ui::CheckSession::checkFinished);
        QSignalSpy recorded(session, &Ui::CheckSession::progressRecorded);
        action("actionCheck")->trigger();
        QVERIFY(started.wait(kCheckTimeoutMs));
        QTreeWidgetItem *greet = exerciseItem(pane()->tree(), QStringLiteral("Greet someone"));
        pane()->tree()->setCurrentItem(greet);
        pane()->openSelected();
        QTRY_VERIFY_WITH_TIMEOUT(!running.isEmpty() && !running.last().first().toBool(), kCheckTimeoutMs);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(recorded.count(), 0);
    }

    void resetToStarterAndUndoIt()
    {
        QVERIFY(openDouble());
        currentEditor()->setText(QStringLiteral("n = int(input())\nprint('mine')\n"));
        QTimer::singleShot(0, [] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            box->button(QMessageBox::Reset)->click();
        });
        pane()->resetSelected();
        QTRY_COMPARE_WITH_TIMEOUT(currentEditor()->text(), QStringLiteral("n = int(input())\n"), 10'000);
        QTRY_VERIFY(!tabs()->current()->isModified());
        currentEditor()->undo();
        QCOMPARE(currentEditor()->text(), QStringLiteral("n = int(input())\nprint('mine')\n"));
    }

    void presentationModeScalesTheCourseAndTheStatement()
    {
        QVERIFY(openDouble());
        const qreal treeText = QFontMetricsF(pane()->tree()->font()).height();
        const qreal statementText = QFontMetricsF(pane()->statement()->font()).height();
        action("actionPresentation")->trigger();
        QVERIFY(QFontMetricsF(pane()->tree()->font()).height() > treeText * 1.3);
        QVERIFY(QFontMetricsF(pane()->statement()->font()).height() > statementText * 1.3);
        action("actionPresentation")->trigger();
        QCOMPARE(QFontMetricsF(pane()->tree()->font()).height(), treeText);
    }

    void theCourseComesBackWithTheNextWindow()
    {
        QVERIFY(openDouble()); // opening an exercise remembers its pack
        closeWindow();
        QVERIFY(openWindow());
        QTRY_VERIFY_WITH_TIMEOUT(courseShown(), 10'000);
    }
};

QTEST_MAIN(TestExercisesWindow)
#include "tst_exerciseswindow.moc"
