#include "theme/presentationchrome.h"

#include "window/docktitlebar.h"

#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>

namespace Sandpit::Ui {

namespace {
QFont enlarged(QFont font)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * PresentationChrome::kPercent / 100);
    else
        font.setPixelSize(font.pixelSize() * PresentationChrome::kPercent / 100);
    return font;
}

bool insidePane(const QWidget *widget)
{
    // A pane's own tab bars (History's Code and Result) are PaneZoom's: scaled here as well,
    // they would grow twice.
    for (const QWidget *w = widget->parentWidget(); w; w = w->parentWidget()) {
        if (qobject_cast<const QDockWidget *>(w))
            return true;
    }
    return false;
}
} // namespace

PresentationChrome::PresentationChrome(QMainWindow &window)
    : QObject(&window)
    , m_window(window)
{
    // The docks' tab bars are made when docks are first tabbed together, at any time.
    m_window.installEventFilter(this);
}

PresentationChrome::~PresentationChrome()
{
    if (m_scaled)
        scaleMenus(false);
}

void PresentationChrome::setScaled(bool on)
{
    if (on == m_scaled)
        return;
    m_scaled = on;
    scaleMenus(on);
    setTitleBars(on);
    setButtonStyles(on);
    if (on) {
        for (QWidget *widget : chrome())
            scale(widget);
    } else {
        const QList<Saved> saved = m_saved.values();
        m_saved.clear();
        for (const Saved &each : saved)
            restore(each);
    }
}

void PresentationChrome::showIconOnly(QAction *action)
{
    m_iconOnly << action;
    if (m_scaled)
        setButtonStyles(true);
}

void PresentationChrome::setButtonStyles(bool on)
{
    const auto bars = m_window.findChildren<QToolBar *>(Qt::FindDirectChildrenOnly);
    for (QToolBar *bar : bars) {
        for (QAction *action : std::as_const(m_iconOnly)) {
            if (auto *button = qobject_cast<QToolButton *>(action ? bar->widgetForAction(action) : nullptr))
                button->setToolButtonStyle(on ? Qt::ToolButtonIconOnly : bar->toolButtonStyle());
        }
    }
}

QList<QWidget *> PresentationChrome::chrome() const
{
    QList<QWidget *> widgets{m_window.menuBar()};
    const auto bars = m_window.findChildren<QToolBar *>(Qt::FindDirectChildrenOnly);
    for (QToolBar *bar : bars) {
        widgets << bar;
        // A style sheet cuts a widget off from its parent's font (the weaker-sandbox badge).
        const auto inside = bar->findChildren<QWidget *>();
        for (QWidget *widget : inside) {
            if (widget->testAttribute(Qt::WA_StyleSheet))
                widgets << widget;
        }
    }
    // The menus now: the application's font for QMenu (scaleMenus) reaches those made later.
    const auto menus = m_window.findChildren<QMenu *>();
    for (QMenu *menu : menus)
        widgets << menu;
    const auto tabBars = m_window.findChildren<QTabBar *>();
    for (QTabBar *bar : tabBars) {
        if (!insidePane(bar))
            widgets << bar;
    }
    return widgets;
}

void PresentationChrome::scale(QWidget *widget)
{
    if (m_saved.contains(widget))
        return;
    Saved saved{widget, widget->font(), widget->testAttribute(Qt::WA_SetFont), QSize()};
    widget->setFont(enlarged(saved.font));
    if (auto *bar = qobject_cast<QToolBar *>(widget)) {
        saved.iconSize = bar->iconSize();
        bar->setIconSize(saved.iconSize * kPercent / 100);
    }
    m_saved.insert(widget, saved);
    connect(widget, &QObject::destroyed, this, &PresentationChrome::forget, Qt::UniqueConnection);
}

void PresentationChrome::forget(QObject *widget)
{
    m_saved.remove(widget);
}

void PresentationChrome::restore(const Saved &saved)
{
    QWidget *widget = saved.widget;
    if (!widget)
        return;
    // A widget that had no font of its own follows the application's again.
    widget->setFont(saved.ownFont ? saved.font : QFont());
    if (auto *bar = qobject_cast<QToolBar *>(widget); bar && saved.iconSize.isValid())
        bar->setIconSize(saved.iconSize);
}

void PresentationChrome::scaleMenus(bool on)
{
    // Menus are windows of their own and take no font from the menu bar; a context menu
    // opened from a pane is made on the spot, and gets the application's font for QMenu.
    if (on) {
        m_menuFont = QApplication::font("QMenu");
        QApplication::setFont(enlarged(m_menuFont), "QMenu");
    } else {
        QApplication::setFont(m_menuFont, "QMenu");
    }
}

void PresentationChrome::setTitleBars(bool on)
{
    const auto docks = m_window.findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    for (QDockWidget *dock : docks) {
        if (on) {
            auto *bar = new DockTitleBar(dock);
            bar->setFont(enlarged(dock->font()));
            dock->setTitleBarWidget(bar);
        } else if (QWidget *bar = dock->titleBarWidget()) {
            dock->setTitleBarWidget(nullptr); // Qt's own title again
            bar->deleteLater();
        }
    }
}

void PresentationChrome::fitDocks(bool presenting)
{
    auto *run = m_window.findChild<QDockWidget *>(QStringLiteral("runDock"));
    auto *artifacts = m_window.findChild<QDockWidget *>(QStringLiteral("artifactsDock"));
    auto *inputs = m_window.findChild<QDockWidget *>(QStringLiteral("inputFilesDock"));
    auto *output = m_window.findChild<QDockWidget *>(QStringLiteral("outputDock"));
    if (!run || !artifacts || !inputs || !output)
        return;
    const int height = m_window.height();
    // A third of a projector's width leaves the code about 40 columns at presentation size
    // on 1024 pixels; the Run pane's sentences wrap to the width they get.
    const int side = presenting ? m_window.width() * 34 / 100 : 320;
    m_window.resizeDocks({run, artifacts}, {side, side}, Qt::Horizontal);
    // A third of the height and more for the output: at 1100 x 720 that is 14 lines.
    m_window.resizeDocks({output}, {height * (presenting ? 36 : 38) / 100}, Qt::Vertical);
    // The Run pane's few lines (for the room, the verdict and its facts without scrolling),
    // the folded Input Files, and the rest to see the output files. The rest is counted out:
    // given more than the column holds, resizeDocks shares it out in proportion, and the Run
    // pane got two thirds of its height, its facts cut off at every size.
    const int column = run->height() + artifacts->height() + inputs->height();
    const int runHeight = presenting ? height * 40 / 100 : 190;
    const int inputsHeight = inputs->minimumSizeHint().height();
    m_window.resizeDocks({run, artifacts, inputs},
                         {runHeight, std::max(artifacts->minimumSizeHint().height(), column - runHeight - inputsHeight),
                          inputsHeight},
                         Qt::Vertical);
}

bool PresentationChrome::eventFilter(QObject *watched, QEvent *event)
{
    if (m_scaled && watched == &m_window && event->type() == QEvent::ChildPolished) {
        auto *bar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child());
        if (bar)
            scale(bar);
    }
    return QObject::eventFilter(watched, event);
}

} // namespace Sandpit::Ui
