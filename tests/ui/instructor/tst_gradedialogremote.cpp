// Tools › Grade Submissions… on a remote engine for real: the TLS dockerd of
// scripts/start-tls-dockerd.sh, reached with nothing in the environment but the certificate
// folder typed into the dialog (a desktop session has no DOCKER_* variables). The table's Engine
// column and the end line say that engine graded them.

#include "instructor/gradedialog.h"
#include "instructor/gradeengineschoice.h"
#include "instructor/gradetable.h"
#include "support/runharness.h"
#include "support/tlsengine.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kGradeTimeoutMs = 240000;

int rowOf(const Ui::GradeTable *table, const QString &student)
{
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->verticalHeaderItem(row)->text() == student)
            return row;
    return -1;
}
} // namespace

class TestGradeDialogRemote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SandpitTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gradedialogremote"));
        QSettings().clear();
        // The dialog's folder must be what makes TLS work, not variables a shell happened to set.
        for (const char *name : {"DOCKER_HOST", "DOCKER_TLS_VERIFY", "DOCKER_TLS", "DOCKER_CERT_PATH"})
            qunsetenv(name);
        qputenv("SANDPIT_DOCKER_IMAGE_PYTHON", "sandpit-offline/python:3.11");
    }

    void gradesOnTheTlsEngineWithTheChosenCertificates()
    {
        const auto engine = SandpitTest::tlsEngineEnvironment();
        QVERIFY2(engine,
                 qPrintable(QStringLiteral("no TLS engine: run scripts/start-tls-dockerd.sh start (reads %1)")
                                .arg(SandpitTest::tlsEngineEnvFile())));
        const QString host = engine->value(QStringLiteral("DOCKER_HOST"));
        QTemporaryDir dir;
        Ui::GradeDialog dialog(dir.filePath(QStringLiteral("unpacked")));
        dialog.show();
        QSignalSpy listed(&dialog, &Ui::GradeDialog::exercisesListed);
        dialog.setPack(SandpitTest::fixturesDir() + QStringLiteral("/packs/checkui"));
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 20000);
        dialog.setSubmissions(SandpitTest::fixturesDir() + QStringLiteral("/instructor/submissions"));
        dialog.setOutput(dir.filePath(QStringLiteral("results")));
        Ui::GradeEnginesChoice *choice = dialog.enginesChoice();
        QTest::mouseClick(choice->dockerButton(), Qt::LeftButton, {}, QPoint(4, choice->dockerButton()->height() / 2));
        choice->enginesBox()->setPlainText(host);
        choice->certFolderField()->setText(engine->value(QStringLiteral("DOCKER_CERT_PATH")));
        dialog.start();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.status().startsWith(QStringLiteral("3 of 3 students:")), kGradeTimeoutMs);
        QCOMPARE(dialog.status(),
                 QStringLiteral("3 of 3 students: 2 graded, 0 saved before, 1 not graded (2 on %1)").arg(host));
        const Ui::GradeTable *table = dialog.table();
        const int alice = rowOf(table, QStringLiteral("alice"));
        QVERIFY(alice >= 0);
        QCOMPARE(table->item(alice, 0)->text(), QStringLiteral("6 / 6"));
        QCOMPARE(table->item(alice, 1)->text(), host);
        QCOMPARE(table->item(rowOf(table, QStringLiteral("bob")), 1)->text(), host);
    }
};

QTEST_MAIN(TestGradeDialogRemote)
#include "tst_gradedialogremote.moc"
