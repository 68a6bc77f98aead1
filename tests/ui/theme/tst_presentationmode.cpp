// Zoom for the whole window and presentation mode, on the real panes: every pane's text grows
// by the same factor, a new run keeps it, and presentation mode survives a restart.

#include "artifacts/artifactspane.h"
#include "editor/editorwidget.h"
#include "history/historypane.h"
#include "languages/languageregistry.h"
#include "output/outputpane.h"
#include "run/attachmentspane.h"
#include "run/diagnosticslist.h"
#include "run/runpane.h"
#include "support/themetestsettings.h"
#include "theme/panezoom.h"
#include "theme/presentationmode.h"
#include "theme/theme.h"
#include "theme/themecontroller.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>

#include <functional>
#include <memory>

using namespace Sandpit;
using Ui::PaneZoom;
using Ui::Theme;

namespace {

/// The window's panes, real ones, in a main window with a status bar and two docks.
struct Window {
    QMainWindow window;
    Ui::EditorWidget *editor = new Ui::EditorWidget;
    Ui::OutputPane *output = new Ui::OutputPane;
    Ui::RunPane *run = new Ui::RunPane;
    Ui::ArtifactsPane *artifacts = new Ui::ArtifactsPane;
    Ui::HistoryPane *history = new Ui::HistoryPane;
    Ui::AttachmentsPane *inputs = new Ui::AttachmentsPane;
    Ui::DiagnosticsList *problems = new Ui::DiagnosticsList;
    QDockWidget *inputsDock = new QDockWidget(QStringLiteral("Input Files"), &window);
    QDockWidget *problemsDock = new QDockWidget(QStringLiteral("Problems"), &window);

    Window()
    {
        auto *central = new QWidget;
        auto *layout = new QHBoxLayout(central);
        for (QWidget *pane :
             {static_cast<QWidget *>(editor), static_cast<QWidget *>(output), static_cast<QWidget *>(run),
              static_cast<QWidget *>(artifacts), static_cast<QWidget *>(history)})
            layout->addWidget(pane);
        window.setCentralWidget(central);
        inputsDock->setObjectName(QStringLiteral("inputFilesDock"));
        inputsDock->setWidget(inputs);
        window.addDockWidget(Qt::RightDockWidgetArea, inputsDock);
        problemsDock->setObjectName(QStringLiteral("problemsDock"));
        problemsDock->setWidget(problems);
        window.addDockWidget(Qt::BottomDockWidgetArea, problemsDock);
        window.statusBar()->setObjectName(QStringLiteral("statusBar"));
        window.statusBar()->showMessage(QStringLiteral("Ready"));

        static const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();
        editor->setLanguage(languages.find(QStringLiteral("python")));
        editor->setText(QStringLiteral("print('hello')\n"));
        output->appendOutput(Core::OutputStream::Stdout, "hello\nworld\n");
        QVERIFY(output->plainText().contains(QLatin1String("world")));
        window.resize(1400, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }

    void registerWith(Ui::PresentationMode &mode)
    {
        for (QWidget *pane : panes())
            mode.addPane(pane);
        mode.addDistraction(window.statusBar());
        mode.addDistraction(inputsDock);
        mode.addDistraction(problemsDock);
    }

    QList<QWidget *> panes() const { return {editor, output, run, artifacts, history, inputs, problems}; }

    template<typename T>
    T *find(const char *name) const
    {
        T *widget = window.findChild<T *>(QLatin1String(name));
        if (!widget)
            qFatal("no %s", name);
        return widget;
    }
};

/// A window whose panes and distractions are registered with a fresh presentation mode.
struct Session {
    Window w;
    Ui::ThemeController themes;
    Ui::PresentationMode mode{themes};

    Session() { w.registerWith(mode); }
};

QLabel *labelSaying(QWidget *pane, const QString &start)
{
    const auto labels = pane->findChildren<QLabel *>();
    for (QLabel *label : labels) {
        if (label->text().startsWith(start))
            return label;
    }
    qFatal("no label");
}

/// How tall a line of each pane's text is, in pixels.
QList<std::pair<QString, std::function<qreal()>>> probes(const Window &w)
{
    const auto fontHeight = [](QWidget *widget) { return [widget] { return QFontMetricsF(widget->font()).height(); }; };
    return {
        {QStringLiteral("editor"), [editor = w.editor] { return qreal(editor->textHeight(0)); }},
        {QStringLiteral("output text"), fontHeight(w.find<QWidget>("outputView"))},
        {QStringLiteral("input line"), fontHeight(w.find<QWidget>("inputLine"))},
        {QStringLiteral("run status"), fontHeight(w.find<QWidget>("runStatus"))},
        {QStringLiteral("run message"), fontHeight(w.find<QWidget>("runMessage"))},
        {QStringLiteral("artifacts table"), fontHeight(w.find<QWidget>("artifactsTable"))},
        {QStringLiteral("history list"), fontHeight(w.find<QWidget>("historyList"))},
        {QStringLiteral("history code"), fontHeight(w.find<QWidget>("historyCode"))},
        {QStringLiteral("problems"), fontHeight(w.problems)},
        {QStringLiteral("input files"), fontHeight(w.inputs)},
        // Labels under a style sheet, which Qt cuts off from their parent's font.
        {QStringLiteral("stdin prompt"), fontHeight(labelSaying(w.output, QStringLiteral("stdin ›")))},
        {QStringLiteral("artifacts placeholder"),
         fontHeight(labelSaying(w.artifacts, QStringLiteral("Files your program")))},
    };
}

QList<qreal> measure(const Window &w)
{
    QList<qreal> heights;
    for (const auto &[name, height] : probes(w))
        heights << height();
    return heights;
}

/// Every pane grew (or shrank) by `factor`, within two pixels.
bool scaledBy(const Window &w, const QList<qreal> &before, qreal factor, QString *failure)
{
    const auto all = probes(w);
    for (qsizetype i = 0; i < all.size(); ++i) {
        const qreal now = all.at(i).second();
        if (qAbs(now - before.at(i) * factor) > 2.0) {
            *failure = QStringLiteral("%1: %2 px at 100%, %3 px now, wanted %4")
                           .arg(all.at(i).first)
                           .arg(before.at(i))
                           .arg(now)
                           .arg(before.at(i) * factor);
            return false;
        }
    }
    return true;
}

#define VERIFY_SCALED(window, before, factor)                                                                          \
    do {                                                                                                               \
        QString failure;                                                                                               \
        QVERIFY2(scaledBy(window, before, factor, &failure), qPrintable(failure));                                     \
    } while (false)

/// The zoom is at `expected` percent, and every pane's text grew (or shrank) by as much.
#define VERIFY_ZOOMED(window, before, mode, expected)                                                                  \
    do {                                                                                                               \
        QCOMPARE((mode).percent(), expected);                                                                          \
        VERIFY_SCALED(window, before, (expected) / 100.0);                                                             \
    } while (false)

void ctrlWheel(QWidget *viewport, int delta)
{
    const QPointF at(10, 10);
    QWheelEvent event(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewport, &event);
}

} // namespace

class TestPresentationMode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void zoomScalesEveryPaneAlike();
    void zoomStepsWithinLimits();
    void ctrlWheelZoomsEveryPane();
    void editorsOwnZoomBecomesAStepForAll();
    void aNewRunKeepsTheZoom();
    void widgetsAddedLaterAreScaled();
    void removedAndClosedPanes();
    void zoomIsRestoredAtStart();
    void presentationModeShowsAndHides();
    void presentationModeSurvivesARestart();

private:
    ThemeTestSettings m_settings;
};

void TestPresentationMode::initTestCase()
{
    QVERIFY(m_settings.setUp("tst_presentationmode"));
}

void TestPresentationMode::init()
{
    m_settings.reset();
}

void TestPresentationMode::zoomScalesEveryPaneAlike()
{
    Session session;
    auto &[w, themes, mode] = session;
    const QList<qreal> before = measure(w);
    for (int i = 0; i < 3; ++i)
        mode.zoomInAction()->trigger();
    VERIFY_ZOOMED(w, before, mode, 130);
    // Table rows grow with their text, or the text would be cut off.
    QTableWidget *table = w.find<QTableWidget>("artifactsTable");
    QVERIFY(table->verticalHeader()->defaultSectionSize() >= QFontMetrics(table->font()).height());
    mode.zoomResetAction()->trigger();
    VERIFY_ZOOMED(w, before, mode, 100);
}

void TestPresentationMode::zoomStepsWithinLimits()
{
    PaneZoom zoom;
    QSignalSpy changed(&zoom, &PaneZoom::percentChanged);
    zoom.zoomIn();
    QCOMPARE(zoom.percent(), 110);
    for (int i = 0; i < 40; ++i)
        zoom.zoomIn();
    QCOMPARE(zoom.percent(), PaneZoom::kMaxPercent);
    for (int i = 0; i < 40; ++i)
        zoom.zoomOut();
    QCOMPARE(zoom.percent(), PaneZoom::kMinPercent);
    QCOMPARE(changed.count(), 1 + (300 - 110) / 10 + (300 - 50) / 10);
}

void TestPresentationMode::ctrlWheelZoomsEveryPane()
{
    Session session;
    auto &[w, themes, mode] = session;
    const QList<qreal> before = measure(w);
    // Over the output's text: two notches up, the second one in the small steps of a touchpad.
    ctrlWheel(w.find<QPlainTextEdit>("outputView")->viewport(), 120);
    for (int i = 0; i < 4; ++i)
        ctrlWheel(w.find<QPlainTextEdit>("outputView")->viewport(), 30);
    VERIFY_ZOOMED(w, before, mode, 120);
    // Over the editor, down.
    ctrlWheel(w.editor->viewport(), -120);
    VERIFY_ZOOMED(w, before, mode, 110);
}

void TestPresentationMode::editorsOwnZoomBecomesAStepForAll()
{
    Session session;
    auto &[w, themes, mode] = session;
    const QList<qreal> before = measure(w);
    // Scintilla's own keys (Ctrl+keypad +) zoom only the editor they reach.
    w.editor->zoomIn();
    VERIFY_ZOOMED(w, before, mode, 110);
}

void TestPresentationMode::aNewRunKeepsTheZoom()
{
    Session session;
    auto &[w, themes, mode] = session;
    const QList<qreal> before = measure(w);
    mode.zoom().setPercent(150);
    VERIFY_SCALED(w, before, 1.5);
    // What the window does when a run starts and ends.
    w.output->clear();
    w.artifacts->clear();
    w.problems->clear();
    w.editor->clearDiagnostics();
    w.run->showRunning(QStringLiteral("main.py (Python)"));
    w.output->appendOutput(Core::OutputStream::Stdout, "again\n");
    QVERIFY(w.output->plainText().contains(QLatin1String("again")));
    Core::RunResult result;
    result.exitCode = 0;
    w.run->showResult(result);
    w.output->showFinished(result);
    w.artifacts->showArtifacts(result);
    w.history->showListing({});
    VERIFY_ZOOMED(w, before, mode, 150);
    // A pane that sets its font again (a restyle) gets the new font zoomed too.
    auto *code = w.find<QPlainTextEdit>("historyCode");
    const qreal fixedHeight = QFontMetricsF(QFontDatabase::systemFont(QFontDatabase::FixedFont)).height();
    code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QVERIFY2(qAbs(QFontMetricsF(code->font()).height() - fixedHeight * 1.5) <= 2.0,
             qPrintable(QString::number(QFontMetricsF(code->font()).height())));
}

void TestPresentationMode::widgetsAddedLaterAreScaled()
{
    Session session;
    auto &[w, themes, mode] = session;
    mode.zoom().setPercent(200);
    // A widget with a font of its own, made inside a pane after the zoom.
    auto *label = new QLabel(QStringLiteral("late"));
    QFont font = label->font();
    font.setPointSizeF(10);
    label->setFont(font);
    w.run->layout()->addWidget(label);
    label->show();
    QTRY_COMPARE(label->font().pointSizeF(), 20.0);
    // A new editor tab joins at the zoom in force.
    Ui::EditorWidget tab;
    const int lineAt100 = tab.textHeight(0);
    mode.addPane(&tab);
    QVERIFY(qAbs(tab.textHeight(0) - lineAt100 * 2.0) <= 2.0);
}

void TestPresentationMode::removedAndClosedPanes()
{
    Session session;
    auto &[w, themes, mode] = session;
    auto tab = std::make_unique<Ui::EditorWidget>();
    mode.addPane(tab.get());
    const QList<qreal> before = measure(w);
    const qreal outputAt100 = QFontMetricsF(w.find<QWidget>("outputView")->font()).height();
    mode.zoom().setPercent(140);
    tab.reset(); // a tab closed
    mode.zoom().setPercent(160);
    VERIFY_SCALED(w, before, 1.6);
    mode.removePane(w.output);
    QCOMPARE(QFontMetricsF(w.find<QWidget>("outputView")->font()).height(), outputAt100);
    QVERIFY(w.editor->SendScintilla(QsciScintillaBase::SCI_GETZOOM) > 0);
}

void TestPresentationMode::zoomIsRestoredAtStart()
{
    {
        Ui::ThemeController themes;
        Ui::PresentationMode mode(themes);
        mode.zoomInAction()->trigger();
        mode.zoomInAction()->trigger();
    }
    QCOMPARE(QSettings().value(QStringLiteral("view/zoom")).toInt(), 120);
    Window w;
    const QList<qreal> before = measure(w);
    Ui::ThemeController themes;
    Ui::PresentationMode mode(themes);
    QCOMPARE(mode.percent(), 120);
    QVERIFY(!mode.isOn());
    w.registerWith(mode);
    VERIFY_SCALED(w, before, 1.2);
}

void TestPresentationMode::presentationModeShowsAndHides()
{
    QSettings().setValue(QStringLiteral("view/theme"), QStringLiteral("dark"));
    Session session;
    auto &[w, themes, mode] = session;
    w.problemsDock->hide(); // hidden before: stays hidden after
    QCOMPARE(mode.presentationAction()->shortcut(), QKeySequence(Qt::Key_F11));
    QVERIFY(mode.presentationAction()->isCheckable());
    const QList<qreal> before = measure(w);
    QSignalSpy toggled(&mode, &Ui::PresentationMode::toggled);

    mode.presentationAction()->trigger();
    QVERIFY(mode.isOn());
    QCOMPARE(toggled.count(), 1);
    // Dark stays dark, at the high contrast a projector needs.
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrastDark);
    QCOMPARE(QGuiApplication::palette().color(QPalette::Base), Theme::highContrastDark().palette.color(QPalette::Base));
    QCOMPARE(QGuiApplication::palette().color(QPalette::Text), Theme::highContrastDark().palette.color(QPalette::Text));
    QVERIFY(!w.window.statusBar()->isVisible());
    QVERIFY(!w.inputsDock->isVisible());
    QVERIFY(!w.problemsDock->isVisible());
    QCOMPARE(mode.percent(), Ui::PresentationMode::kDefaultPresentationPercent);
    VERIFY_SCALED(w, before, 1.75);
    // Zooming while presenting is presentation's own zoom.
    mode.zoomInAction()->trigger();
    QCOMPARE(QSettings().value(QStringLiteral("view/presentationZoom")).toInt(), 185);

    mode.presentationAction()->trigger();
    QVERIFY(!mode.isOn());
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    QVERIFY(w.window.statusBar()->isVisible());
    QVERIFY(w.inputsDock->isVisible());
    QVERIFY(!w.problemsDock->isVisible());
    VERIFY_ZOOMED(w, before, mode, 100);
    // And back in, at the zoom presentation had.
    mode.setOn(true);
    QCOMPARE(mode.percent(), 185);
    mode.zoomResetAction()->trigger();
    QCOMPARE(mode.percent(), Ui::PresentationMode::kDefaultPresentationPercent);
}

void TestPresentationMode::presentationModeSurvivesARestart()
{
    {
        Window w;
        Ui::ThemeController themes;
        Ui::PresentationMode mode(themes);
        w.registerWith(mode);
        mode.setOn(true);
        mode.zoomInAction()->trigger();
    }
    QCOMPARE(QSettings().value(QStringLiteral("view/presentation")).toBool(), true);

    // The next start: the window state comes back with the docks hidden, as presentation
    // mode left them.
    Window w;
    w.inputsDock->hide();
    w.problemsDock->hide();
    const QList<qreal> before = measure(w);
    Ui::ThemeController themes;
    Ui::PresentationMode mode(themes);
    QVERIFY(mode.isOn());
    QVERIFY(mode.presentationAction()->isChecked());
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrast);
    QCOMPARE(mode.percent(), 185);
    w.registerWith(mode);
    VERIFY_SCALED(w, before, 1.85);
    QVERIFY(!w.window.statusBar()->isVisible());
    // Turned off, what presentation mode hid in the last session comes back.
    mode.setOn(false);
    QVERIFY(w.inputsDock->isVisible());
    QVERIFY(w.problemsDock->isVisible());
    QVERIFY(w.window.statusBar()->isVisible());
}

QTEST_MAIN(TestPresentationMode)
#include "tst_presentationmode.moc"
