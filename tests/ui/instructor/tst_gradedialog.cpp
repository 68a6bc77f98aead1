// Tools › Grade Submissions…'s dialog on a real batch and the local sandbox: three students of
// the checkui pack's `sum` as rows, their tests' verdicts as coloured words, a cell's diff
// below, the table as CSV, and a second run that reads saved results back.

#include "exercises/checkdetails.h"
#include "exercises/checkverdictstyle.h"
#include "instructor/gradedialog.h"
#include "instructor/gradetable.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {

QString fixture(const QString &path)
{
    return qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR)) + u'/' + path;
}

int rowOf(const Ui::GradeTable *table, const QString &student)
{
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->verticalHeaderItem(row)->text().startsWith(student))
            return row;
    return -1;
}

} // namespace

class TestGradeDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    void grade(Ui::GradeDialog &dialog)
    {
        dialog.show();
        QSignalSpy listed(&dialog, &Ui::GradeDialog::exercisesListed);
        dialog.setPack(fixture(QStringLiteral("packs/checkui")));
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 20000);
        QCOMPARE(dialog.exerciseList()->currentData().toString(), QStringLiteral("sum"));
        dialog.setSubmissions(fixture(QStringLiteral("instructor/submissions")));
        dialog.setOutput(m_dir.filePath(QStringLiteral("results")));
        dialog.start();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.status().startsWith(QStringLiteral("3 of 3 students:")), 60000);
    }

private Q_SLOTS:
    void studentsByTests()
    {
        Ui::GradeDialog dialog(m_dir.filePath(QStringLiteral("unpacked")));
        grade(dialog);
        QCOMPARE(dialog.status(), QStringLiteral("3 of 3 students: 2 graded, 0 saved before, 1 not graded"));
        Ui::GradeTable *table = dialog.table();
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->horizontalHeaderItem(2)->text(), QStringLiteral("two and three"));
        const int alice = rowOf(table, QStringLiteral("alice"));
        const int bob = rowOf(table, QStringLiteral("bob"));
        const int carol = rowOf(table, QStringLiteral("carol"));
        QCOMPARE(table->item(alice, 2)->text(), QStringLiteral("✓ pass"));
        QCOMPARE(table->item(alice, 1)->text(), QStringLiteral("local"));
        QCOMPARE(table->item(bob, 2)->text(), QStringLiteral("✗ wrong"));
        QCOMPARE(table->item(bob, 2)->foreground().color(),
                 Ui::verdictColour(Core::Verdict::WrongAnswer, table->palette()));
        QCOMPARE(table->item(bob, 0)->text(), QStringLiteral("0 / 6"));
        QVERIFY(table->item(carol, 2)->text().contains(QStringLiteral("sum.py")));
        QCOMPARE(table->columnSpan(carol, 2), table->columnCount() - 2);

        // A click on bob's example shows what he printed against what was expected.
        const QRect cell = table->visualItemRect(table->item(bob, 2));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        auto *diff = dialog.details()->findChild<QPlainTextEdit *>(QStringLiteral("checkDiff"));
        QTRY_VERIFY(diff->toPlainText().contains(QStringLiteral("6")));
        QVERIFY(diff->toPlainText().contains(QStringLiteral("5")));

        QSignalSpy written(&dialog, &Ui::GradeDialog::csvWritten);
        const QString csv = m_dir.filePath(QStringLiteral("grades.csv"));
        dialog.exportCsv(csv);
        QTRY_COMPARE(written.size(), 1);
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(text.startsWith(QStringLiteral(
                     "student,score,max_score,engine,two and three,larger numbers,negative numbers,error\r\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("bob,0,6,local,wrong-answer,wrong-answer,wrong-answer,\r\n")),
                 qPrintable(text));
    }

    void tabbingThroughTheFormKeepsTheExercise()
    {
        Ui::GradeDialog dialog(m_dir.filePath(QStringLiteral("unpacked")));
        dialog.show();
        QApplication::setActiveWindow(&dialog);
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QSignalSpy listed(&dialog, &Ui::GradeDialog::exercisesListed);
        dialog.setPack(fixture(QStringLiteral("packs/checkui")));
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 20000);
        auto *pack = dialog.findChild<QLineEdit *>(QStringLiteral("gradePack"));
        auto *submissions = dialog.findChild<QLineEdit *>(QStringLiteral("gradeSubmissions"));
        QVERIFY(pack && submissions);
        pack->setFocus();
        submissions->setFocus(); // the pack field loses focus unchanged: nothing is read again
        QVERIFY(dialog.exerciseList()->isEnabled());
        QCOMPARE(dialog.exerciseList()->currentData().toString(), QStringLiteral("sum"));
        // A pack the user typed is read when they leave the field.
        pack->setFocus();
        pack->clear();
        QTest::keyClicks(pack, fixture(QStringLiteral("packs/checkui")));
        submissions->setFocus();
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 2, 20000);
        // Closing with the typed field focused reaches nothing of the dialog (valgrind saw it do).
        pack->setFocus();
        QTest::keyClick(pack, Qt::Key_Slash);
    }

    void secondRunShowsSavedStudents()
    {
        Ui::GradeDialog dialog(m_dir.filePath(QStringLiteral("unpacked")));
        grade(dialog); // the results of studentsByTests are still there
        QCOMPARE(dialog.status(), QStringLiteral("3 of 3 students: 0 graded, 2 saved before, 1 not graded"));
        const int alice = rowOf(dialog.table(), QStringLiteral("alice"));
        QCOMPARE(dialog.table()->verticalHeaderItem(alice)->text(), QStringLiteral("alice (saved)"));
        QCOMPARE(dialog.table()->item(alice, 2)->text(), QStringLiteral("✓ pass"));
    }
};

QTEST_MAIN(TestGradeDialog)
#include "tst_gradedialog.moc"
