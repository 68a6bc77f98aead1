// Presentation mode in the real window, as a projector shows it: the toolbar, menus, tab labels
// and pane titles grow too; a dark theme stays dark; code is never cut off at 1024×768 or
// 1280×720; Ctrl+= zooms without moving a pane; Problems sits beside Output, never over it.

#include "session/documenttabs.h"
#include "support/windowharness.h"
#include "theme/theme.h"
#include "window/docktitlebar.h"

#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTabBar>
#include <QToolBar>

using namespace Sandpit;

namespace {
/// What a learner at the back of the room reads: the size of each piece of the window.
struct Chrome {
    qreal toolbarText = 0;
    int toolbarIcon = 0;
    qreal menuBarText = 0;
    qreal menuText = 0;
    qreal tabText = 0;
    qreal titleText = 0;
};

qreal textHeight(const QFont &font)
{
    return QFontMetricsF(font).height();
}
} // namespace

class TestPresentationWindow : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    Chrome measureChrome() const
    {
        Chrome c;
        auto *bar = m_window->findChild<QToolBar *>(QStringLiteral("runToolBar"));
        c.toolbarText = textHeight(bar->widgetForAction(action("actionRun"))->font());
        c.toolbarIcon = bar->iconSize().height();
        c.menuBarText = textHeight(m_window->menuBar()->font());
        // A menu as it opens from the menu bar.
        c.menuText = textHeight(m_window->menuBar()->actions().constFirst()->menu()->font());
        c.tabText
            = textHeight(m_window->findChild<Ui::DocumentTabs *>(QStringLiteral("documentTabs"))->tabBar()->font());
        // The title a dock draws: its own bar's font, or Qt's, drawn in the dock's font.
        QDockWidget *run = dock("runDock");
        auto *title = qobject_cast<Ui::DockTitleBar *>(run->titleBarWidget());
        c.titleText = textHeight(title ? title->titleFont() : run->font());
        return c;
    }

    /// Every dock's place and the editor's: what the learner sees as the window's layout.
    QList<QRect> layout() const
    {
        QList<QRect> rects{m_window->centralWidget()->geometry()};
        const auto docks = m_window->findChildren<QDockWidget *>();
        for (const QDockWidget *each : docks) {
            // A dock behind another one's tab is "visible" to Qt, somewhere off screen.
            rects << (each->visibleRegion().isEmpty() ? QRect() : each->geometry());
        }
        return rects;
    }

    void settle(QSize size)
    {
        m_window->resize(size);
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_COMPARE(m_window->size(), size);
        QCoreApplication::processEvents();
    }

    /// The program's longest line, 60 characters, shown whole: each of its characters lies
    /// inside the editor's viewport, and the first row holds `columns` of them at least.
    void verifyLineWhole(const QSize &size, int columns)
    {
        settle(size);
        const QString line = QStringLiteral("total = first_value + second_value * 2 - third_value % 7 - 1");
        QCOMPARE(line.size(), 60);
        m_editor->setText(QStringLiteral("# a long line\n") + line + QStringLiteral("\n"));
        m_editor->setCursorPosition(0, 0);
        QCoreApplication::processEvents();
        const QRect viewport = m_editor->viewport()->rect();
        const long start = m_editor->positionFromLineIndex(1, 0);
        const long firstY = m_editor->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0ul, start);
        int onFirstRow = 0;
        for (int i = 0; i < line.size(); ++i) {
            const long at = m_editor->positionFromLineIndex(1, i);
            const QPoint point(int(m_editor->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0ul, at)),
                               int(m_editor->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0ul, at)));
            const int width = int(m_editor->SendScintilla(QsciScintillaBase::SCI_TEXTWIDTH, 0ul, "m"));
            const QRect character(point, QSize(width, m_editor->textHeight(1)));
            QVERIFY2(viewport.contains(character),
                     qPrintable(QStringLiteral("%1×%2: column %3 at (%4, %5) is outside the %6×%7 view")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(i + 1)
                                    .arg(point.x())
                                    .arg(point.y())
                                    .arg(viewport.width())
                                    .arg(viewport.height())));
            if (point.y() == firstY)
                ++onFirstRow;
        }
        QVERIFY2(
            onFirstRow >= columns,
            qPrintable(
                QStringLiteral("%1×%2: %3 columns on a row").arg(size.width()).arg(size.height()).arg(onFirstRow)));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_presentationwindow")); }
    void init() { QSettings().clear(); }
    void cleanup()
    {
        closeWindow();
        QSettings().clear();
    }

    void toolbarMenusTabsAndTitlesGrow()
    {
        QVERIFY(openWindow());
        settle(QSize(1024, 768));
        const Chrome normal = measureChrome();
        action("actionPresentation")->trigger();
        const Chrome presenting = measureChrome();
        QVERIFY2(presenting.toolbarText > normal.toolbarText * 1.3,
                 qPrintable(QString::number(presenting.toolbarText)));
        QVERIFY2(presenting.toolbarIcon > normal.toolbarIcon * 1.3,
                 qPrintable(QString::number(presenting.toolbarIcon)));
        QVERIFY2(presenting.menuBarText > normal.menuBarText * 1.3,
                 qPrintable(QString::number(presenting.menuBarText)));
        QVERIFY2(presenting.menuText > normal.menuText * 1.3, qPrintable(QString::number(presenting.menuText)));
        QVERIFY2(presenting.tabText > normal.tabText * 1.3, qPrintable(QString::number(presenting.tabText)));
        QVERIFY2(presenting.titleText > normal.titleText * 1.3, qPrintable(QString::number(presenting.titleText)));
        // Every toolbar button still fits a 1024-pixel projector: none hides behind "»".
        auto *bar = m_window->findChild<QToolBar *>(QStringLiteral("runToolBar"));
        QTRY_VERIFY(bar->isVisible());
        for (QAction *each : bar->actions()) {
            QWidget *button = bar->widgetForAction(each);
            if (each->isVisible() && !each->isSeparator() && button)
                QVERIFY2(button->isVisible(), qPrintable(each->text()));
        }
        // And back: the window as it was.
        action("actionPresentation")->trigger();
        const Chrome after = measureChrome();
        QCOMPARE(after.toolbarText, normal.toolbarText);
        QCOMPARE(after.toolbarIcon, normal.toolbarIcon);
        QCOMPARE(after.menuBarText, normal.menuBarText);
        QCOMPARE(after.menuText, normal.menuText);
        QCOMPARE(after.tabText, normal.tabText);
        QCOMPARE(after.titleText, normal.titleText);
    }

    void aRestartWhilePresentingKeepsTheChromeLarge()
    {
        QVERIFY(openWindow());
        const Chrome normal = measureChrome();
        closeWindow();
        QSettings().setValue(QStringLiteral("view/presentation"), true);
        QVERIFY(openWindow());
        settle(QSize(1024, 768));
        const Chrome presenting = measureChrome();
        QVERIFY2(presenting.menuText > normal.menuText * 1.3, qPrintable(QString::number(presenting.menuText)));
        QVERIFY2(presenting.tabText > normal.tabText * 1.3, qPrintable(QString::number(presenting.tabText)));
        QVERIFY2(presenting.titleText > normal.titleText * 1.3, qPrintable(QString::number(presenting.titleText)));
        auto *title = qobject_cast<Ui::DockTitleBar *>(dock("runDock")->titleBarWidget());
        QVERIFY(title && title->isVisible());
        QCOMPARE(title->text(), QStringLiteral("Run"));
    }

    void aDarkThemeStaysDark()
    {
        QSettings().setValue(QStringLiteral("view/theme"), QStringLiteral("dark"));
        QVERIFY(openWindow());
        action("actionPresentation")->trigger();
        // Widgets learn of a new application palette in a later turn of the event loop.
        QTRY_COMPARE(m_window->palette().color(QPalette::Window), QGuiApplication::palette().color(QPalette::Window));
        const QPalette palette = m_window->palette();
        // The window's background, as the room sees it: dark, with text at 7:1 or more on it.
        QVERIFY2(Ui::Theme::luminance(palette.color(QPalette::Window)) < 0.05,
                 qPrintable(palette.color(QPalette::Window).name()));
        QVERIFY(Ui::Theme::luminance(palette.color(QPalette::Base)) < 0.05);
        QVERIFY(Ui::Theme::contrastRatio(palette.color(QPalette::Text), palette.color(QPalette::Base)) >= 7.0);
        QVERIFY(Ui::Theme::contrastRatio(palette.color(QPalette::WindowText), palette.color(QPalette::Window)) >= 7.0);
        QVERIFY(Ui::Theme::luminance(m_editor->theme().editor.paper) < 0.05);
        // Out of presentation mode, the learner's own dark theme again.
        action("actionPresentation")->trigger();
        QTRY_COMPARE(m_window->palette().color(QPalette::Window), Ui::Theme::dark().palette.color(QPalette::Window));
    }

    void codeIsNeverCutOff()
    {
        QVERIFY(openWindow());
        action("actionPresentation")->trigger();
        verifyLineWhole(QSize(1024, 768), 36);
        if (QTest::currentTestFailed())
            return;
        verifyLineWhole(QSize(1280, 720), 45);
        if (QTest::currentTestFailed())
            return;
        // Presenting ends: the line is one line again.
        action("actionPresentation")->trigger();
        QCOMPARE(m_editor->wrapMode(), QsciScintilla::WrapNone);
    }

    void aRunsFactsAreInViewWithoutScrolling()
    {
        // Sized before its first layout is shared out, as `-qwindowgeometry` or a desktop does.
        QVERIFY(openFreshWindow());
        settle(QSize(1280, 800));
        Core::RunResult result;
        result.exitCode = 1;
        result.wallMs = 57;
        result.cpuMs = 22;
        result.peakMemoryBytes = 9 << 20;
        m_runPane->showResult(result);
        auto *facts = m_runPane->findChild<QScrollArea *>(QStringLiteral("runFacts"));
        QTRY_VERIFY2(facts->verticalScrollBar()->maximum() == 0,
                     qPrintable(QStringLiteral("the Run dock is %1 high").arg(dock("runDock")->height())));
        // And on a projector: the room reads the verdict and its facts, not a scroll bar.
        action("actionPresentation")->trigger();
        settle(QSize(1024, 768));
        action("actionPresentation")->trigger();
        action("actionPresentation")->trigger();
        QTRY_VERIFY2(facts->verticalScrollBar()->maximum() == 0,
                     qPrintable(QStringLiteral("the Run dock is %1 high").arg(dock("runDock")->height())));
    }

    void zoomingMovesNoPane()
    {
        QVERIFY(openWindow());
        settle(QSize(1100, 720));
        runCode(QStringLiteral("print('hello')\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        QCoreApplication::processEvents();
        QList<QRect> before = layout();
        action("actionZoomIn")->trigger();
        action("actionZoomIn")->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(layout(), before);
        action("actionZoomOut")->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(layout(), before);

        // While presenting on a projector, too.
        action("actionPresentation")->trigger();
        settle(QSize(1024, 768));
        before = layout();
        action("actionZoomIn")->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(layout(), before);
    }

    void problemsSitBesideTheOutput()
    {
        QVERIFY(openWindow());
        settle(QSize(1100, 720));
        QDockWidget *output = dock("outputDock");
        QDockWidget *problems = dock("problemsDock");
        QVERIFY(!m_window->tabifiedDockWidgets(output).contains(problems));
        runCode(QStringLiteral("items = [1, 2]\nprint(items[5])\n"));
        QTRY_VERIFY_WITH_TIMEOUT(m_runPane->statusText() != QStringLiteral("Running"), kRunTimeoutMs);
        QTRY_VERIFY(problems->isVisible());
        // Both in view at once, side by side.
        QVERIFY(!output->visibleRegion().isEmpty());
        QVERIFY(!problems->visibleRegion().isEmpty());
        QVERIFY(!output->geometry().intersects(problems->geometry()));
    }
};

QTEST_MAIN(TestPresentationWindow)
#include "tst_presentationwindow.moc"
