// Tools › Validate Pack…'s dialog on a real validator and the local sandbox: findings fill the
// table as they come, in the theme's colours, a finding opens its file, and a good pack's
// reference times are listed.

#include "engine/backendfactory.h"
#include "exercises/checkverdictstyle.h"
#include "instructor/instructorstyle.h"
#include "instructor/validatepackdialog.h"
#include "languages/languageregistry.h"
#include "settings/enginesettings.h"

#include <QCheckBox>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace Sandpit;

namespace {

QString fixture(const QString &path)
{
    return qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR)) + u'/' + path;
}

std::unique_ptr<Ui::ValidatePackDialog> startedDialog(const QString &pack)
{
    auto dialog = std::make_unique<Ui::ValidatePackDialog>(
        Core::makeBackends(Core::LanguageRegistry::builtIn(), Core::EngineSettings{}, Core::RunsExpected::Series));
    dialog->show();
    Core::ValidationRequest request;
    request.packPath = pack;
    request.engine.backend = QStringLiteral("local");
    request.recordReferenceTimes = false; // never into the fixtures
    dialog->start(request);
    return dialog;
}

} // namespace

class TestValidatePackDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wrongSolutionIsAnErrorPerTest()
    {
        auto dialog = startedDialog(fixture(QStringLiteral("instructor/wrongsolution")));
        // The reference fails each of its three tests; the statement shows its example nowhere
        // (two warnings, which come first: they need no run).
        QTRY_COMPARE_WITH_TIMEOUT(dialog->summary(), QStringLiteral("1 exercise, 1 run: 3 errors, 2 warnings"), 60000);
        QTableWidget *table = dialog->findingsTable();
        QCOMPARE(table->rowCount(), 5);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("⚠ Warning"));
        QCOMPARE(table->item(2, 0)->text(), QStringLiteral("✗ Error"));
        QCOMPARE(table->item(2, 0)->foreground().color(),
                 Ui::verdictColour(Core::Verdict::WrongAnswer, dialog->palette()));
        QCOMPARE(table->item(2, 1)->text(), QStringLiteral("sum"));
        QCOMPARE(table->item(2, 2)->text(), QStringLiteral("python"));
        QCOMPARE(table->item(2, 3)->text(), QStringLiteral("solution/sum.py"));
        QCOMPARE(table->item(2, 4)->text(), QStringLiteral("two and three"));
        // Errors only keeps every error and hides the warnings.
        dialog->findChild<QCheckBox *>()->setChecked(true);
        QVERIFY(table->isRowHidden(0));
        QVERIFY(table->isRowHidden(1));
        QVERIFY(!table->isRowHidden(2));
    }

    void doubleClickOpensTheFindingsFile()
    {
        auto dialog = startedDialog(fixture(QStringLiteral("instructor/wrongsolution")));
        QTableWidget *table = dialog->findingsTable();
        QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() > 2, 60000); // the first error
        QSignalSpy opened(dialog.get(), &Ui::ValidatePackDialog::fileActivated);
        const QRect cell = table->visualItemRect(table->item(2, 5));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.at(0).at(0).toString(),
                 fixture(QStringLiteral("instructor/wrongsolution/sum/solution/sum.py")));
    }

    void goodPackListsReferenceTimes()
    {
        auto dialog = startedDialog(fixture(QStringLiteral("packs/checkui")));
        QTRY_COMPARE_WITH_TIMEOUT(dialog->summary(), QStringLiteral("1 exercise, 1 run: 0 errors, 2 warnings"), 60000);
        QCOMPARE(dialog->findingsTable()->rowCount(), 2);
        QTableWidget *times = dialog->timesTable();
        QCOMPARE(times->rowCount(), 3);
        QCOMPARE(times->item(1, 2)->text(), QStringLiteral("larger numbers"));
        QVERIFY(times->item(1, 3)->text().toLongLong() > 0);
    }
};

QTEST_MAIN(TestValidatePackDialog)
#include "tst_validatepackdialog.moc"
