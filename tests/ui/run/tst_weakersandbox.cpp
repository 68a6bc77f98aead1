// Fail closed, in the window: on a host that cannot give a program a full sandbox (here /proc
// masked as inside a container), Run refuses, says why, and asks whether to run with a weaker
// sandbox, saying what the program could then reach. The choice shows beside Run for as long
// as it holds, and one click there takes it back.
#include "run/isolationindicator.h"
#include "run/weakersandboxbadge.h"
#include "run/weakersandboxoffer.h"
#include "support/windowharness.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>

using namespace Sandpit;

class TestWeakerSandbox : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    QMessageBox *question() const
    {
        auto *box = m_window->findChild<QMessageBox *>(QStringLiteral("weakerSandboxQuestion"));
        return box && box->isVisible() ? box : nullptr;
    }
    Ui::WeakerSandboxBadge *badge() const
    {
        return m_window->findChild<Ui::WeakerSandboxBadge *>(QStringLiteral("weakerSandboxBadge"));
    }
    QString isolationLevel() const
    {
        return m_window->findChild<Ui::IsolationIndicator *>(QStringLiteral("isolationIndicator"))->levelText();
    }
    QString savedChoice() const { return QSettings().value(Core::EngineSettings::allowWeakerKey()).toString(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(setUpApplication("tst_weakersandbox"));
        // The real helper, started on a host whose /proc is masked.
        useHelperOnHost("masked_proc");
    }
    void init() { QVERIFY(openFreshWindow()); }
    void cleanup() { closeWindow(); }

    void refusedRunAsksAndKeepsRefusing()
    {
        QVERIFY(!badge()->isVisible());
        runCode(QStringLiteral("print('this must not run')\n"));
        QTRY_VERIFY_WITH_TIMEOUT(question(), kRunTimeoutMs);
        // What the learner reads: nothing ran, why, and what each choice would let through.
        QVERIFY(m_output->plainText().contains(QStringLiteral("Sandpit did not run the program")));
        QVERIFY(m_output->plainText().contains(QStringLiteral("/proc is masked")));
        const QString said = question()->informativeText();
        QVERIFY2(said.contains(QStringLiteral("your home folder")) && said.contains(QStringLiteral("SSH keys")),
                 qPrintable(said));
        QVERIFY(said.contains(QStringLiteral("see and signal your other programs")));
        QCOMPARE(question()->defaultButton()->objectName(), QStringLiteral("keepRefusing"));

        question()->findChild<QPushButton *>(QStringLiteral("keepRefusing"))->click();
        QTRY_VERIFY(!question());
        QVERIFY(!badge()->isVisible());
        QVERIFY(!m_output->plainText().contains(QStringLiteral("this must not run")));
        QCOMPARE(m_runPane->statusText(), QStringLiteral("Could not run"));
        QVERIFY(savedChoice().isEmpty());
    }

    void partialRunsAfterTheChoiceAndTheBadgeTakesItBack()
    {
        runCode(QStringLiteral("print('ran with partial isolation')\n"));
        QTRY_VERIFY_WITH_TIMEOUT(question(), kRunTimeoutMs);
        question()->findChild<QPushButton *>(QStringLiteral("runWithPartial"))->click();
        // The same program runs at once, at the level chosen.
        QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("ran with partial isolation")),
                                 kRunTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        QCOMPARE(isolationLevel(), QStringLiteral("partial"));
        QVERIFY(badge()->isVisible());
        QVERIFY(badge()->text().contains(QStringLiteral("partial")));
        QVERIFY(savedChoice().isEmpty()); // not remembered past this session

        // The next run needs no question while the choice holds.
        runCode(QStringLiteral("print('again')\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        QVERIFY(!question());

        badge()->click();
        QVERIFY(!badge()->isVisible());
        QCOMPARE(savedChoice(), QStringLiteral("never"));
        runCode(QStringLiteral("print('refused again')\n"));
        QTRY_VERIFY_WITH_TIMEOUT(question(), kRunTimeoutMs);
        question()->reject();
    }

    void rememberedChoiceIsSavedAndShownAtTheNextStart()
    {
        runCode(QStringLiteral("print('none')\n"));
        QTRY_VERIFY_WITH_TIMEOUT(question(), kRunTimeoutMs);
        question()->findChild<QCheckBox *>(QStringLiteral("rememberWeaker"))->setChecked(true);
        question()->findChild<QPushButton *>(QStringLiteral("runWithNone"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        // Allowed to go down to none, it still gets the strongest this host can give.
        QCOMPARE(isolationLevel(), QStringLiteral("partial"));
        QCOMPARE(savedChoice(), QStringLiteral("none"));

        closeWindow();
        const auto settings = Core::EngineSettings::load(QSettings(), QProcessEnvironment());
        QVERIFY(settings);
        QVERIFY(openWindow(*settings));
        QVERIFY(badge()->isVisible());
        QVERIFY(badge()->text().contains(QStringLiteral("none")));
    }
};

QTEST_MAIN(TestWeakerSandbox)
#include "tst_weakersandbox.moc"
