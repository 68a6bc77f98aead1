// Every sentence the window writes outside the Run pane is shown whole (tst_runpanesentences
// has the Run pane): the status bar, History's result and diff message, Problems' placeholder,
// and the weaker-sandbox badge beside the isolation indicator, at the default 1100×720, at
// 1024×768 and in presentation mode.

#include "history/historypane.h"
#include "run/diagnosticslist.h"
#include "run/weakersandboxbadge.h"
#include "support/windowharness.h"
#include "window/statusmessage.h"

#include <QDockWidget>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

using namespace Sandpit;

namespace {
const auto kLongMessage
    = QStringLiteral("Sandpit will run programs with partial isolation where it cannot fully sandbox them: the program "
                     "then runs as an unprivileged user with no special rights, but it can reach the network.");

/// A text view's lines are whole at its width: nothing lies past its right edge.
bool noSidewaysScroll(QPlainTextEdit *view)
{
    return view->horizontalScrollBar()->maximum() == 0;
}
} // namespace

class TestWindowSentences : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    void settle(QSize size)
    {
        m_window->resize(size);
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_COMPARE(m_window->size(), size);
        QCoreApplication::processEvents();
    }

    /// The status bar's sentence, as the learner sees it: all of its lines, inside the window.
    void verifyStatusWhole(const char *where)
    {
        auto *label = m_window->statusBar()->findChild<Ui::StatusMessage *>(QStringLiteral("statusMessage"));
        QVERIFY2(label, where);
        QCOMPARE(m_window->statusBar()->currentMessage(), kLongMessage);
        QCOMPARE(label->text(), kLongMessage);
        const auto needed = [label] { return label->wrappedHeight(kLongMessage, label->contentsRect().width()); };
        const QString what
            = QStringLiteral("%1: %2×%3").arg(QLatin1String(where)).arg(label->width()).arg(label->height());
        // The status bar takes the new height in a later turn of the event loop.
        QTRY_VERIFY2(label->contentsRect().height() >= needed(), qPrintable(what));
        QTRY_VERIFY2(label->visibleRegion().boundingRect() == label->rect(), qPrintable(what));
        // And no more than that: the editor keeps the rest.
        QTRY_VERIFY2(label->contentsRect().height() <= needed() + label->fontMetrics().height(), qPrintable(what));
        QVERIFY2(m_window->statusBar()->geometry().bottom() < m_window->height(), qPrintable(what));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_windowsentences")); }
    void init() { QVERIFY(openFreshWindow()); }
    void cleanup()
    {
        closeWindow();
        QSettings().clear();
    }

    void theStatusBarsSentenceIsWhole()
    {
        settle(QSize(1100, 720));
        m_window->statusBar()->showMessage(kLongMessage);
        verifyStatusWhole("1100×720");
        settle(QSize(1024, 768));
        verifyStatusWhole("1024×768");
        // Still whole on a narrow window, on more lines.
        settle(QSize(800, 600));
        verifyStatusWhole("800×600");
    }

    void historysResultAndDiffMessageAreWrapped()
    {
        Ui::HistoryPane pane;
        pane.resize(420, 300);
        Core::RunRecord record;
        record.id = QStringLiteral("1");
        record.fileName = QStringLiteral("guess.py");
        record.language = QStringLiteral("python");
        record.code = QStringLiteral("print('hi')\n");
        record.time = QDateTime::currentDateTimeUtc();
        record.result = QJsonObject{{QStringLiteral("kill_reason"), QStringLiteral("timeout")},
                                    {QStringLiteral("kill_detail"),
                                     QStringLiteral("It was still running after the time limit of 10 s, so Sandpit "
                                                    "stopped it and every process it started.")}};
        pane.showListing({{record}, {}});
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QVERIFY(pane.resultText().contains(QStringLiteral("every process it started.")));
        auto *result = pane.findChild<QPlainTextEdit *>(QStringLiteral("historyResult"));
        auto *diff = pane.findChild<QPlainTextEdit *>(QStringLiteral("historyDiff"));
        QVERIFY(result && diff);
        auto *tabs = pane.findChild<QTabWidget *>();
        QVERIFY(tabs);
        for (QPlainTextEdit *view : {result, diff}) {
            tabs->setCurrentWidget(view);
            QTRY_VERIFY(view->isVisible());
            QVERIFY2(noSidewaysScroll(view), qPrintable(view->objectName()));
        }
        QVERIFY(pane.diffText().startsWith(QStringLiteral("Press “Diff with current”")));
        // The code stays unwrapped: its lines are the program's lines.
        auto *code = pane.findChild<QPlainTextEdit *>(QStringLiteral("historyCode"));
        QCOMPARE(code->lineWrapMode(), QPlainTextEdit::NoWrap);
    }

    void problemsPlaceholderIsWrapped()
    {
        Ui::DiagnosticsList list;
        list.resize(240, 200);
        list.clear(); // the sentence shown before any run
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        auto *view = list.findChild<QListWidget *>(QStringLiteral("diagnosticsView"));
        QVERIFY(view);
        QVERIFY(view->item(0)->text().endsWith(QStringLiteral("Click one to go there.")));
        QTRY_COMPARE(view->horizontalScrollBar()->maximum(), 0);
        const QRect row = view->visualItemRect(view->item(0));
        QVERIFY2(row.right() <= view->viewport()->width(), qPrintable(QString::number(row.width())));
        QVERIFY2(row.height() > view->fontMetrics().height() * 2, qPrintable(QString::number(row.height())));
    }

    void theWeakerSandboxBadgeIsWholeBesideTheIndicator()
    {
        auto *badge = m_window->findChild<Ui::WeakerSandboxBadge *>(QStringLiteral("weakerSandboxBadge"));
        QVERIFY(badge);
        badge->showAllowed(Core::IsolationReport::Level::Partial);
        auto *indicator = m_window->findChild<QLabel *>(QStringLiteral("isolationIndicator"));
        QVERIFY(indicator);
        for (const bool presenting : {false, true}) {
            if (presenting)
                action("actionPresentation")->trigger();
            settle(QSize(1024, 768));
            const char *where = presenting ? "presentation mode at 1024×768" : "1024×768";
            for (QWidget *widget : {static_cast<QWidget *>(badge), static_cast<QWidget *>(indicator)}) {
                QTRY_VERIFY2(widget->isVisible() && !widget->visibleRegion().isEmpty(), where);
                QVERIFY2(widget->width() >= widget->sizeHint().width(), where);
            }
        }
    }
};

QTEST_MAIN(TestWindowSentences)
#include "tst_windowsentences.moc"
