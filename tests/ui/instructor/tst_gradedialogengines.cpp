// Tools › Grade Submissions…'s Engines: this computer's sandbox unless Docker engines are
// chosen; the engines checked before anything starts, as `sandpit grade --engine` checks them;
// the choice remembered for the next dialog; a folder of TLS certificates that reaches the
// engines; and an engine that fails, said in the dialog with the students it left.

#include "instructor/gradedialog.h"
#include "instructor/gradeengineschoice.h"
#include "instructor/gradetable.h"
#include "support/runharness.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {
// Nothing listens there; with an empty certificate folder the engine fails before it connects.
const QString kDeadEngine = QStringLiteral("tcp://127.0.0.1:9");
} // namespace

class TestGradeDialogEngines : public QObject
{
    Q_OBJECT

    std::optional<QTemporaryDir> m_dir;

    QString results() const { return m_dir->filePath(QStringLiteral("results")); }

    void fillForm(Ui::GradeDialog &dialog)
    {
        dialog.show();
        QSignalSpy listed(&dialog, &Ui::GradeDialog::exercisesListed);
        dialog.setPack(SandpitTest::fixturesDir() + QStringLiteral("/packs/checkui"));
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 20000);
        dialog.setSubmissions(SandpitTest::fixturesDir() + QStringLiteral("/instructor/submissions"));
        dialog.setOutput(results());
    }

    void chooseDocker(Ui::GradeDialog &dialog, const QString &engines, const QString &certs = {})
    {
        Ui::GradeEnginesChoice *choice = dialog.enginesChoice();
        QTest::mouseClick(choice->dockerButton(), Qt::LeftButton, {}, QPoint(4, choice->dockerButton()->height() / 2));
        QVERIFY(choice->dockerButton()->isChecked());
        choice->enginesBox()->setPlainText(engines);
        choice->certFolderField()->setText(certs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SandpitTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gradedialogengines"));
    }

    void init()
    {
        QSettings().clear();
        QVERIFY(m_dir.emplace().isValid());
    }

    void thisComputerUnlessDockerIsChosen()
    {
        Ui::GradeDialog dialog(m_dir->filePath(QStringLiteral("unpacked")));
        dialog.show();
        Ui::GradeEnginesChoice *choice = dialog.enginesChoice();
        QVERIFY(choice->localButton()->isChecked());
        QVERIFY(!choice->enginesBox()->isVisible());
        QVERIFY(!choice->certFolderField()->isVisible());
        chooseDocker(dialog, {});
        QVERIFY(choice->enginesBox()->isVisible());
        QVERIFY(choice->certFolderField()->isVisible());
    }

    void leavingThePackFieldKeepsTheChosenExercise()
    {
        Ui::GradeDialog dialog(m_dir->filePath(QStringLiteral("unpacked")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QSignalSpy listed(&dialog, &Ui::GradeDialog::exercisesListed);
        auto *pack = dialog.findChild<QLineEdit *>(QStringLiteral("gradePack"));
        pack->setFocus();
        QTest::keyClicks(pack, SandpitTest::fixturesDir() + QStringLiteral("/packs/runner"));
        QTest::keyClick(pack, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 20000);
        QComboBox *exercises = dialog.exerciseList();
        QVERIFY(exercises->count() > 1);
        exercises->setCurrentIndex(1);
        // Tabbing through the form, or clicking an engine, leaves the unchanged pack field.
        pack->setFocus();
        dialog.findChild<QLineEdit *>(QStringLiteral("gradeSubmissions"))->setFocus();
        QCOMPARE(exercises->currentIndex(), 1);
        QVERIFY(exercises->isEnabled());
        QCOMPARE(listed.size(), 1);
    }

    void enginesAreCheckedBeforeAnythingStarts_data()
    {
        QTest::addColumn<QString>("engines");
        QTest::addColumn<QString>("said");
        QTest::newRow("port out of range")
            << QStringLiteral("tcp://grader.example.org:99999")
            << QStringLiteral("Engines, line 1: tcp://grader.example.org:99999 is not a host and port");
        QTest::newRow("ssh, after a comment")
            << QStringLiteral("# the lab\nunix:///var/run/docker.sock\n\nssh://teacher@lab-pc")
            << QStringLiteral("Engines, line 4: ssh://teacher@lab-pc: ssh:// engines are not supported");
        QTest::newRow("relative socket") << QStringLiteral("unix://docker.sock")
                                         << QStringLiteral("Engines, line 1: unix://docker.sock names no socket");
        QTest::newRow("twice") << QStringLiteral("tcp://lab:2376\ntcp://lab:2376")
                               << QStringLiteral("Engines, line 2: tcp://lab:2376 is given twice");
        QTest::newRow("not docker") << QStringLiteral("http://lab:2376")
                                    << QStringLiteral("Engines, line 1: http://lab:2376 is no Docker engine");
        QTest::newRow("none") << QStringLiteral("# none yet\n")
                              << QStringLiteral("Engines: give at least one Docker engine");
    }

    void enginesAreCheckedBeforeAnythingStarts()
    {
        QFETCH(QString, engines);
        QFETCH(QString, said);
        Ui::GradeDialog dialog(m_dir->filePath(QStringLiteral("unpacked")));
        fillForm(dialog);
        chooseDocker(dialog, engines);
        dialog.start();
        QVERIFY2(dialog.status().startsWith(said), qPrintable(dialog.status()));
        // Nothing started, nothing written, and a list that was refused is not remembered.
        QCOMPARE(dialog.findChild<QProgressBar *>()->maximum(), 100);
        QVERIFY(!QFileInfo::exists(results()));
        QVERIFY(!QSettings().contains(QStringLiteral("grade/docker_engines")));
    }

    void aFailedEngineIsSaidAndTheChoiceRemembered()
    {
        const QString certs = m_dir->filePath(QStringLiteral("no-certificates-here"));
        QVERIFY(QDir().mkpath(certs));
        {
            Ui::GradeDialog dialog(m_dir->filePath(QStringLiteral("unpacked")));
            fillForm(dialog);
            chooseDocker(dialog, QStringLiteral("# the lab's engine\n") + kDeadEngine, certs);
            dialog.start();
            QTRY_VERIFY_WITH_TIMEOUT(dialog.status().startsWith(QStringLiteral("1 of 3 students:")), 60000);
            // carol handed in two programs (her own error); alice and bob wait for an engine.
            QVERIFY2(dialog.status().endsWith(QStringLiteral("2 left, no engine could grade them: Start again to "
                                                             "grade them")),
                     qPrintable(dialog.status()));
            auto *dropped = dialog.findChild<QLabel *>(QStringLiteral("gradeEnginesDropped"));
            QVERIFY(dropped->isVisible());
            // The folder reached the engine: it is the one whose certificates are missing.
            QVERIFY2(dropped->text().startsWith(QStringLiteral("⚠ %1 stopped grading: ").arg(kDeadEngine)),
                     qPrintable(dropped->text()));
            QVERIFY2(dropped->text().contains(certs + QStringLiteral("/ca.pem does not exist")),
                     qPrintable(dropped->text()));
            QVERIFY2(dropped->text().endsWith(QStringLiteral("No engine is left: the students not graded yet stay "
                                                             "for the next Start.")),
                     qPrintable(dropped->text()));
        }
        Ui::GradeDialog again(m_dir->filePath(QStringLiteral("unpacked")));
        again.show();
        Ui::GradeEnginesChoice *choice = again.enginesChoice();
        QVERIFY(choice->dockerButton()->isChecked());
        QVERIFY(choice->enginesBox()->isVisible());
        QCOMPARE(choice->enginesBox()->toPlainText(), QStringLiteral("# the lab's engine\n") + kDeadEngine);
        QCOMPARE(choice->certFolderField()->text(), certs);
    }
};

QTEST_MAIN(TestGradeDialogEngines)
#include "tst_gradedialogengines.moc"
