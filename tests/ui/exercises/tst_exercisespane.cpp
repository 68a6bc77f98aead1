// The Exercises pane as a learner uses it: a course with ticks and scores, a broken exercise
// shown with its problem while the rest opens, the statement with its examples, the learner's
// own file made once and never overwritten, and Reset to Starter that asks and keeps the text.
#include "exercises/exercisespane.h"
#include "exercises/progressstore.h"
#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>

using namespace Sandpit;
using namespace Sandpit::Ui;
using SandpitTest::readFile;
using SandpitTest::writeFile;

namespace {
const QString kPack = QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/ui/pane");

QTreeWidgetItem *courseItem(const ExercisesPane &pane)
{
    return pane.tree()->topLevelItem(0);
}

QTreeWidgetItem *childTitled(const ExercisesPane &pane, const QString &part)
{
    QTreeWidgetItem *course = courseItem(pane);
    for (int i = 0; course && i < course->childCount(); ++i)
        if (course->child(i)->text(0).contains(part))
            return course->child(i);
    return nullptr;
}

/// Answers the next message box with `button`.
void answerNextQuestion(QMessageBox::StandardButton button)
{
    QTimer::singleShot(0, [button] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        box->button(button)->click();
    });
}
} // namespace

class TestExercisesPane : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<ExercisesPane> m_pane;

    /// Selects `exerciseId` in `languageId`, as a learner would.
    void choose(const QString &exerciseId, const QString &languageId)
    {
        QVERIFY(m_pane->select(QStringLiteral("pane"), exerciseId));
        QComboBox *languages = m_pane->languageChoice();
        languages->setCurrentIndex(languages->findData(languageId));
        Q_EMIT languages->activated(languages->currentIndex());
    }

    QString progressFolder() const { return m_home->filePath(QStringLiteral("progress")); }
    QString learnerFolder() const { return m_home->filePath(QStringLiteral("learner")); }

    void openPane()
    {
        m_pane = std::make_unique<ExercisesPane>(
            CourseSources{m_home->filePath(QStringLiteral("packs")), progressFolder(), {}, {}}, learnerFolder());
        QSignalSpy shown(m_pane.get(), &ExercisesPane::courseShown);
        m_pane->openCourse(kPack);
        QVERIFY(shown.wait());
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        QSettings().clear(); // the language chosen last is remembered
        m_home = std::make_unique<QTemporaryDir>();
        openPane();
    }
    void cleanup() { m_pane.reset(); }

    void listsTheCourseWithScoresAndTheBrokenExercise()
    {
        QTreeWidgetItem *course = courseItem(*m_pane);
        QCOMPARE(course->text(0), QStringLiteral("Pane course"));
        QCOMPARE(course->text(1), QStringLiteral("0/4")); // 1 + 3 points, none yet
        QVERIFY(childTitled(*m_pane, QStringLiteral("Double it")));
        QTreeWidgetItem *greet = childTitled(*m_pane, QStringLiteral("Greet someone"));
        QVERIFY(greet && !greet->text(0).startsWith(QStringLiteral("✓")));
        QTreeWidgetItem *broken = childTitled(*m_pane, QStringLiteral("broken"));
        QVERIFY(broken);
        QVERIFY2(broken->toolTip(0).contains(QStringLiteral("broken/exercise.toml:5:10")),
                 qPrintable(broken->toolTip(0)));
        m_pane->tree()->setCurrentItem(broken);
        QVERIFY(m_pane->statement()->toPlainText().contains(QStringLiteral("cannot be used")));
        QVERIFY(!m_pane->findChild<QPushButton *>(QStringLiteral("openExercise"))->isEnabled());
    }

    void aSolvedExerciseHasATick()
    {
        Core::CourseProgress progress;
        progress.courseId = QStringLiteral("pane");
        Core::ExerciseProgress &greet = progress.exercises[QStringLiteral("greet")];
        greet.bestScore = 3;
        greet.maxScore = 3;
        greet.firstPass = QDateTime::currentDateTimeUtc();
        QVERIFY(Core::ProgressStore(progressFolder()).save(progress).has_value());

        QSignalSpy shown(m_pane.get(), &ExercisesPane::courseShown);
        m_pane->reloadProgress(QStringLiteral("pane"));
        QVERIFY(shown.wait());
        QVERIFY(childTitled(*m_pane, QStringLiteral("Greet someone"))->text(0).startsWith(QStringLiteral("✓")));
        QCOMPARE(courseItem(*m_pane)->text(1), QStringLiteral("3/4"));
        QCOMPARE(m_pane->tree()->topLevelItemCount(), 1); // reloaded in place
    }

    void showsTheStatementWithItsExamples()
    {
        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("greet")));
        const QString text = m_pane->statement()->toPlainText();
        QVERIFY(text.contains(QStringLiteral("Read a name and greet it")));
        QVERIFY(text.contains(QStringLiteral("Example 1: Ada")));
        QVERIFY(text.contains(QStringLiteral("Hello, Ada!")));
        QVERIFY2(!text.contains(QStringLiteral("Grace")), "a hidden test's input is not shown");
        QCOMPARE(m_pane->languageChoice()->count(), 2);
    }

    void opensTheLearnersOwnFileAndNeverOverwritesIt()
    {
        choose(QStringLiteral("greet"), QStringLiteral("python"));
        QSignalSpy opened(m_pane.get(), &ExercisesPane::exerciseOpened);
        m_pane->openSelected();
        QVERIFY(opened.wait());
        const auto exercise = opened.takeFirst().first().value<OpenExercise>();
        QCOMPARE(exercise.exerciseId, QStringLiteral("greet"));
        QCOMPARE(exercise.learnerFile, learnerFolder() + QStringLiteral("/pane/greet/greet.py"));
        QCOMPARE(readFile(exercise.learnerFile), QByteArray("name = input()\n# TODO: greet them\n"));

        QVERIFY(writeFile(exercise.learnerFile, "print('my work')\n"));
        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("double")));
        m_pane->openSelected();
        QVERIFY(opened.wait());
        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("greet")));
        m_pane->openSelected();
        QVERIFY(opened.wait());
        QCOMPARE(opened.last().first().value<OpenExercise>().learnerFile, exercise.learnerFile);
        QCOMPARE(readFile(exercise.learnerFile), QByteArray("print('my work')\n"));
    }

    void theLanguageChoiceIsKept()
    {
        // The pack's first language is JavaScript (languages are listed by id); the learner picks Python.
        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("greet")));
        QCOMPARE(m_pane->languageChoice()->currentData().toString(), QStringLiteral("javascript"));
        choose(QStringLiteral("greet"), QStringLiteral("python"));
        QSignalSpy opened(m_pane.get(), &ExercisesPane::exerciseOpened);
        m_pane->openSelected();
        QVERIFY(opened.wait());
        QVERIFY(opened.first().first().value<OpenExercise>().learnerFile.endsWith(QStringLiteral("/greet.py")));
        openPane(); // a new window: the choice is remembered
        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("greet")));
        QCOMPARE(m_pane->languageChoice()->currentData().toString(), QStringLiteral("python"));
    }

    void resetAsksAndKeepsTheOldText()
    {
        choose(QStringLiteral("greet"), QStringLiteral("python"));
        QSignalSpy opened(m_pane.get(), &ExercisesPane::exerciseOpened);
        m_pane->openSelected();
        QVERIFY(opened.wait());
        const QString file = opened.first().first().value<OpenExercise>().learnerFile;
        QVERIFY(writeFile(file, "my careful work\n"));

        QSignalSpy restored(m_pane.get(), &ExercisesPane::starterRestored);
        answerNextQuestion(QMessageBox::Cancel);
        m_pane->resetSelected();
        QCOMPARE(readFile(file), QByteArray("my careful work\n"));

        answerNextQuestion(QMessageBox::Reset);
        m_pane->resetSelected();
        QVERIFY(restored.wait());
        QCOMPARE(readFile(file), QByteArray("name = input()\n# TODO: greet them\n"));
        QCOMPARE(restored.first().at(1).toByteArray(), QByteArray("name = input()\n# TODO: greet them\n"));
        const QString kept = restored.first().at(2).toString();
        QVERIFY2(kept.startsWith(file + QStringLiteral(".before-reset-")), qPrintable(kept));
        QCOMPARE(readFile(kept), QByteArray("my careful work\n"));
    }

    void anExercisesWarningIsShownUnderItsStatement()
    {
        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("greet")));
        QVERIFY(m_pane->notice()->isHidden());

        // A time multiplier without the reference's times: Check uses the explicit limit,
        // which the author learns here, not only from `sandpit pack validate`.
        const QString copy = m_home->filePath(QStringLiteral("scaled"));
        QVERIFY(SandpitTest::copyFolder(QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/validate-scaled"), copy));
        QVERIFY(QFile::remove(copy + QStringLiteral("/sum/reference-times.toml")));
        QSignalSpy shown(m_pane.get(), &ExercisesPane::courseShown);
        m_pane->openCourse(copy);
        QVERIFY(shown.wait());
        QVERIFY(m_pane->select(QStringLiteral("validate-scaled"), QStringLiteral("sum")));
        QVERIFY(!m_pane->notice()->isHidden());
        // Its first sentence under the statement; where and the fix, for the author, on hover.
        const QString notice = m_pane->notice()->text();
        QVERIFY2(notice.startsWith(QStringLiteral("⚠ time_multiplier is set")), qPrintable(notice));
        QVERIFY2(!notice.contains(QStringLiteral("sandpit pack validate")), qPrintable(notice));
        const QString whole = m_pane->notice()->toolTip();
        QVERIFY2(whole.contains(QStringLiteral("sum/reference-times.toml: time_multiplier is set")), qPrintable(whole));
        QVERIFY2(whole.contains(QStringLiteral("sandpit pack validate")), qPrintable(whole));

        QVERIFY(m_pane->select(QStringLiteral("pane"), QStringLiteral("double")));
        QVERIFY(m_pane->notice()->isHidden());
    }

    void aPackThatCannotBeReadIsSaid()
    {
        QSignalSpy message(m_pane.get(), &ExercisesPane::message);
        m_pane->openCourse(m_home->filePath(QStringLiteral("no-such-pack")));
        QVERIFY(message.wait());
        QVERIFY2(message.first().first().toString().contains(QStringLiteral("cannot be opened")),
                 qPrintable(message.first().first().toString()));
        QCOMPARE(m_pane->tree()->topLevelItemCount(), 1); // the open course stays
    }
};

QTEST_MAIN(TestExercisesPane)
#include "tst_exercisespane.moc"
