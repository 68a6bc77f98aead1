// Every sentence the Run pane writes is shown whole, in the real window: at the default size,
// at 1024×768, zoomed in, and in presentation mode, however the docks were sized.

#include "model/killdetail.h"
#include "support/windowharness.h"

#include <QDockWidget>
#include <QLabel>
#include <QSettings>

using namespace Sandpit;

class TestRunPaneSentences : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    static Core::RunResult timedOut()
    {
        Core::RunResult result;
        result.killReason = Core::KillReason::Timeout;
        result.signal = 9;
        result.wallMs = 10'012;
        result.cpuMs = 9'990;
        result.limitsReached = {QStringLiteral("process-limit"), QStringLiteral("open-files")};
        result.killDetail = Core::describeEnd(result, Core::Limits{});
        return result;
    }

    /// Every label the pane shows is as tall as its text needs at its width, and as wide as a
    /// line that cannot wrap; the sentences are on screen in full (not under the pane's edge).
    void verifyWhole(const char *where)
    {
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QCoreApplication::processEvents();
        const auto labels = m_runPane->findChildren<QLabel *>();
        for (const QLabel *label : labels) {
            if (!label->isVisibleTo(m_runPane) || label->text().isEmpty())
                continue;
            const QString what = QStringLiteral("%1: \"%2\" (%3×%4)")
                                     .arg(QLatin1String(where), label->text())
                                     .arg(label->width())
                                     .arg(label->height());
            if (label->wordWrap())
                QVERIFY2(label->height() >= label->heightForWidth(label->width()), qPrintable(what));
            else
                QVERIFY2(label->width() >= label->sizeHint().width(), qPrintable(what));
            // The heading and the explanation are in view; the facts under them may scroll.
            if (label->objectName() == QLatin1String("runStatus") || label->objectName() == QLatin1String("runMessage"))
                QVERIFY2(label->visibleRegion().boundingRect() == label->rect(), qPrintable(what));
        }
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_runpanesentences")); }
    void init() { QVERIFY(openFreshWindow()); }
    void cleanup() { closeWindow(); }

    void aStoppedRunsSentencesAreWholeAtEverySize();
};

void TestRunPaneSentences::aStoppedRunsSentencesAreWholeAtEverySize()
{
    m_runPane->showResult(timedOut());
    QVERIFY(m_runPane->messageText().contains(QStringLiteral("so Sandpit stopped it and every process it started.")));
    verifyWhole("1100×720");
    m_window->resize(1024, 768);
    verifyWhole("1024×768");
    // The learner drags the Run pane's splitter down to make it smaller: it stops where the
    // sentences would be cut.
    auto *run = m_window->findChild<QDockWidget *>(QStringLiteral("runDock"));
    auto *artifacts = m_window->findChild<QDockWidget *>(QStringLiteral("artifactsDock"));
    m_window->resizeDocks({run, artifacts}, {40, 700}, Qt::Vertical);
    verifyWhole("a squeezed Run dock");
    for (int i = 0; i < 5; ++i)
        action("actionZoomIn")->trigger();
    verifyWhole("zoomed in");
    action("actionZoomReset")->trigger();
    action("actionPresentation")->trigger();
    verifyWhole("presentation mode at 1024×768");
    // Room for the sentences is not taken from the screen: the window still fits.
    QVERIFY2(m_window->minimumSizeHint().height() <= 768,
             qPrintable(QString::number(m_window->minimumSizeHint().height())));
    QCOMPARE(m_window->height(), 768);
}

QTEST_MAIN(TestRunPaneSentences)
#include "tst_runpanesentences.moc"
