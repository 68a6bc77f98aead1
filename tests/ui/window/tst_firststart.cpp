// The window as a learner first sees it, at the default 1100 x 720: room for the output, a
// readable editor, the rarely needed panes folded, and a window that still fits a 1366 x 768
// laptop screen after a large plot is previewed.

#include "artifacts/artifactpreview.h"
#include "artifacts/artifactspane.h"
#include "artifacts/imageview.h"
#include "editor/editorwidget.h"
#include "model/killreason.h"
#include "output/outputview.h"
#include "run/attachmentspane.h"
#include "run/isolationindicator.h"
#include "support/windowharness.h"
#include "window/gettingstarteddialog.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QFontDatabase>
#include <QSettings>
#include <QSignalSpy>

using namespace Sandpit;

namespace {
// A 1366 x 768 laptop, less a title bar and a desktop panel.
constexpr int kLaptopHeight = 768 - 68;
} // namespace

class TestFirstStart : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(setUpApplication("tst_firststart"));
        QSettings().clear(); // a first start: no saved layout
    }
    void init()
    {
        QVERIFY(openWindow());
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QCOMPARE(m_window->size(), QSize(1100, 720));
    }
    void cleanup()
    {
        closeWindow();
        QSettings().clear();
    }

    void outputGetsAThirdOfTheHeight()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("outputDock"));
        QVERIFY(dock);
        QTRY_VERIFY2(
            dock->height() * 10 >= m_window->height() * 3,
            qPrintable(QStringLiteral("the output has %1 of %2 px").arg(dock->height()).arg(m_window->height())));
        auto *view = m_output->findChild<Ui::OutputView *>(QStringLiteral("outputView"));
        QVERIFY(view);
        const int lines = view->viewport()->height() / view->fontMetrics().lineSpacing();
        QVERIFY2(lines >= 12, qPrintable(QStringLiteral("the output shows %1 lines").arg(lines)));
    }

    void editorFontIsReadable()
    {
        const QFont font = m_editor->font();
        QVERIFY2(font.pointSizeF() >= 10, qPrintable(QString::number(font.pointSizeF())));
        QVERIFY(font.pointSizeF() >= QFontDatabase::systemFont(QFontDatabase::FixedFont).pointSizeF());
    }

    void inputFilesAndRunDetailsAreFolded()
    {
        auto *inputs = m_window->findChild<Ui::AttachmentsPane *>(QStringLiteral("attachmentsPane"));
        QVERIFY(inputs);
        QVERIFY(inputs->isFolded());
        QVERIFY(!inputs->findChild<QWidget *>(QStringLiteral("addInputFile"))->isVisible());
        // Folded, the dock is a line, and the Output Files pane above it gets the room.
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("inputFilesDock"));
        QVERIFY(dock->isVisible());
        QVERIFY2(dock->height() < 80, qPrintable(QString::number(dock->height())));

        runCode(QStringLiteral("print('hi')\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        // The backend and isolation rows wait behind Details; the level stays in view, beside Run.
        QVERIFY(!m_runPane->findChild<QWidget *>(QStringLiteral("runIsolation"))->isVisible());
        QVERIFY(!m_runPane->findChild<QWidget *>(QStringLiteral("runBackend"))->isVisible());
        auto *indicator = m_window->findChild<Ui::IsolationIndicator *>();
        QVERIFY(indicator && indicator->isVisible());
        QVERIFY(indicator->levelText() != QStringLiteral("unknown"));
        auto *details = m_runPane->findChild<QAbstractButton *>(QStringLiteral("runDetailsToggle"));
        QVERIFY(details && details->isVisible());
        details->click();
        QVERIFY(m_runPane->findChild<QWidget *>(QStringLiteral("runIsolation"))->isVisible());
    }

    void inputFilesUnfoldWhenUsed()
    {
        auto *inputs = m_window->findChild<Ui::AttachmentsPane *>(QStringLiteral("attachmentsPane"));
        inputs->showAttachments({Ui::Attachment{m_dir.filePath(QStringLiteral("data.txt")), false, {}}});
        QVERIFY(!inputs->isFolded());
        QVERIFY(inputs->findChild<QWidget *>(QStringLiteral("attachmentList"))->isVisible());
        inputs->showAttachments({});
        QVERIFY(inputs->isFolded());
    }

    void gettingStartedExplainsWhatAFirstTimerMeets()
    {
        QVERIFY(m_window->findChild<QAction *>(QStringLiteral("actionGettingStarted")));
        m_window->findChild<QAction *>(QStringLiteral("actionGettingStarted"))->trigger();
        auto *page = m_window->findChild<Ui::GettingStartedDialog *>(QStringLiteral("gettingStartedDialog"));
        QVERIFY(page);
        QTRY_VERIFY(page->isVisible());
        const QString text = page->pageText();
        // Markdown rendered, not shown as source.
        QVERIFY(!text.contains(QStringLiteral("## ")));
        QVERIFY(!text.contains(QStringLiteral("**")));
        for (const QString &word : {QStringLiteral("Run"), QStringLiteral("Stop"), QStringLiteral("input"),
                                    QStringLiteral("output/"), QStringLiteral("isolation")})
            QVERIFY2(text.contains(word), qPrintable(word));
        // Every way a run can end, in the words the Run pane uses.
        for (int r = int(Core::KillReason::None); r <= int(Core::KillReason::Cancelled); ++r) {
            const QString title = Core::killReasonTitle(Core::KillReason(r));
            QVERIFY2(text.contains(title), qPrintable(title));
        }
    }

    void everyTopicHasAnExampleInPythonAndC()
    {
        for (const QString &topic :
             {QStringLiteral("ask_input"), QStringLiteral("time_limit"), QStringLiteral("memory_limit")}) {
            for (const QString &suffix : {QStringLiteral(".py"), QStringLiteral(".c")}) {
                auto *example = m_window->findChild<QAction *>(QStringLiteral("example:") + topic + suffix);
                QVERIFY2(example, qPrintable(topic + suffix));
                QVERIFY(example->text().endsWith(suffix == QStringLiteral(".c") ? QStringLiteral("(C)")
                                                                                : QStringLiteral("(Python)")));
            }
        }
        for (const QString &name : {QStringLiteral("table.py"), QStringLiteral("write_files.c"),
                                    QStringLiteral("error.py"), QStringLiteral("crash.c")})
            QVERIFY2(m_window->findChild<QAction *>(QStringLiteral("example:") + name), qPrintable(name));
    }

    void aPlotLeavesTheWindowOnALaptopScreen()
    {
        QVERIFY(m_window->minimumSizeHint().height() < kLaptopHeight);
        QFile fixture(QStringLiteral(SANDPIT_FIXTURES_DIR "/big_plot_png.py"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        runCode(QString::fromUtf8(fixture.readAll()));
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        auto *artifacts = m_window->findChild<Ui::ArtifactsPane *>(QStringLiteral("artifactsPane"));
        QTRY_COMPARE(artifacts->preview()->kind(), Ui::Preview::Kind::Image);
        QVERIFY2(m_window->minimumSizeHint().height() < kLaptopHeight,
                 qPrintable(QString::number(m_window->minimumSizeHint().height())));
        QVERIFY(m_window->minimumSize().height() < kLaptopHeight);

        // Seen whole, at a size worth looking at.
        Ui::ImageView *view = artifacts->preview()->imageView();
        QTRY_VERIFY(view->isFitted());
        QVERIFY2(view->shownSize().width() >= 250, qPrintable(QString::number(view->shownSize().width())));
        QVERIFY(view->shownSize().width() <= view->width());
        QVERIFY(view->shownSize().height() <= view->height());
    }
};

QTEST_MAIN(TestFirstStart)
#include "tst_firststart.moc"
