// The toolbar's isolation indicator knows the level from the moment the window opens: the
// doctor's probe builds a sandbox on its own thread, and the indicator shows what it found, with
// the fix when it is below full; a click opens Help › Check This Computer. After a run, the
// run's own report is what it shows.
#include "run/isolationindicator.h"
#include "support/windowharness.h"
#include "window/doctordialog.h"

#include <QMessageBox>
#include <QPushButton>

using namespace Sandpit;

namespace {
constexpr int kProbeTimeoutMs = 20'000;
} // namespace

class TestIsolationIndicator : public QObject, private WindowHarness
{
    Q_OBJECT

    Ui::IsolationIndicator *indicator() const
    {
        return m_window->findChild<Ui::IsolationIndicator *>(QStringLiteral("isolationIndicator"));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_isolationindicator")); }
    void cleanup()
    {
        closeWindow();
        qunsetenv("SANDPIT_HELPER");
    }

    void showsTheLevelBeforeAnyRun()
    {
        QVERIFY(openWindow());
        QTRY_COMPARE_WITH_TIMEOUT(indicator()->levelText(), QStringLiteral("full"), kProbeTimeoutMs);
        QVERIFY(indicator()->text().contains(QStringLiteral("Isolation: full")));
        QVERIFY(indicator()->toolTip().contains(QStringLiteral("Isolation the local sandbox reaches on this computer: full")));
        QVERIFY(indicator()->toolTip().contains(QStringLiteral("Seccomp filter")));
        QCOMPARE(m_runPane->statusText(), QStringLiteral("Ready")); // nothing ran
    }

    void belowFullShowsTheFixAndOpensTheCheck()
    {
        useHelperOnHost("masked_proc"); // /proc masked, as inside a container
        QVERIFY(openWindow());
        QTRY_COMPARE_WITH_TIMEOUT(indicator()->levelText(), QStringLiteral("partial"), kProbeTimeoutMs);
        const QString tip = indicator()->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("✗ <b>Private file system</b>")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Fix: /proc is masked")), qPrintable(tip));

        QTest::mouseClick(indicator(), Qt::LeftButton);
        auto *page = m_window->findChild<Ui::DoctorDialog *>(QStringLiteral("doctorDialog"));
        QVERIFY(page && page->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(page->pageText().contains(QStringLiteral("Local sandbox: isolation partial")),
                                 kProbeTimeoutMs);
        const QString text = page->pageText();
        QVERIFY2(text.contains(QStringLiteral("✗")) && text.contains(QStringLiteral("Fix: /proc is masked")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Runs refuse to start here")));
        QVERIFY(text.contains(QStringLiteral("Languages in the local sandbox")));
        QVERIFY(text.contains(QStringLiteral("Docker: ")));
    }

    // Allowing a weaker sandbox from the window's question changes what the page says of runs.
    void thePageFollowsTheChoiceToAllowLess()
    {
        useHelperOnHost("masked_proc");
        QVERIFY(openWindow());
        runCode(QStringLiteral("print('ran')\n"));
        QMessageBox *question = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (question = m_window->findChild<QMessageBox *>(QStringLiteral("weakerSandboxQuestion")))
                && question->isVisible(),
            kProbeTimeoutMs);
        question->findChild<QPushButton *>(QStringLiteral("runWithPartial"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kProbeTimeoutMs);

        m_window->findChild<QAction *>(QStringLiteral("actionCheckThisComputer"))->trigger();
        auto *page = m_window->findChild<Ui::DoctorDialog *>(QStringLiteral("doctorDialog"));
        QTRY_VERIFY_WITH_TIMEOUT(page->pageText().contains(QStringLiteral("Local sandbox: isolation partial")),
                                 kProbeTimeoutMs);
        QVERIFY2(page->pageText().contains(QStringLiteral("Runs start here with isolation partial")),
                 qPrintable(page->pageText()));
    }

    // A run's report is newer than the probe's, which must not paint over it.
    void aRunsReportOutranksTheProbe()
    {
        Ui::IsolationIndicator alone;
        alone.showChecking();
        QCOMPARE(alone.levelText(), QStringLiteral("checking…"));
        Core::IsolationReport report;
        report.level = Core::IsolationReport::Level::Partial;
        alone.showReport(report);
        Core::LocalSandboxCheck probe;
        probe.level = Core::IsolationReport::Level::Full;
        alone.showProbe(probe);
        QCOMPARE(alone.levelText(), QStringLiteral("partial"));
        QVERIFY(alone.toolTip().contains(QStringLiteral("Isolation of the last run: partial")));
    }
};

QTEST_MAIN(TestIsolationIndicator)
#include "tst_isolationindicator.moc"
