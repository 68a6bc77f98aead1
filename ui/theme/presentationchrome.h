#pragma once

#include <QFont>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSize>

class QAction;
class QMainWindow;
class QWidget;

namespace Sandpit::Ui {

/// The window around the panes, at a projector's size: the toolbars' text and icons, the menu
/// bar and every menu, the tab labels (the editor's tabs and the docks' tabs) and the pane
/// titles. PaneZoom sizes what is inside the panes; this sizes what is around them, and only
/// while presenting, by one fixed factor: Ctrl+= then zooms the panes' text without moving
/// anything. Turning presentation on or off also shares the window out again (fitDocks).
class PresentationChrome final : public QObject
{
    Q_OBJECT
public:
    /// Large enough to read from the back of a room, small enough that the toolbar's buttons
    /// still fit a 1024-pixel projector.
    static constexpr int kPercent = 150;

    explicit PresentationChrome(QMainWindow &window);
    /// Menus are sized for the whole application: they get their size back.
    ~PresentationChrome() override;

    void setScaled(bool on);
    /// Its toolbar button shows the icon alone while scaled (presentation mode's own button:
    /// the presenter knows it, and the room needs the width for Run and Stop).
    void showIconOnly(QAction *action);
    bool isScaled() const { return m_scaled; }
    /// Shares the window out among the docks: the first start's layout, or side panes narrow
    /// enough for code at presentation size beside them and a Run pane tall enough to read
    /// whole. The output gets a good third of the height either way.
    void fitDocks(bool presenting);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Saved {
        QPointer<QWidget> widget;
        QFont font;
        bool ownFont = false;
        QSize iconSize;
    };

    QList<QWidget *> chrome() const;
    void scale(QWidget *widget);
    void restore(const Saved &saved);
    void forget(QObject *widget);
    void scaleMenus(bool on);
    void setTitleBars(bool on);
    void setButtonStyles(bool on);

    QMainWindow &m_window;
    // Keyed by QObject: forgotten from QObject's destructor, when it is a widget no more.
    QHash<QObject *, Saved> m_saved;
    QList<QPointer<QAction>> m_iconOnly;
    QFont m_menuFont; // the menus' size before presenting
    bool m_scaled = false;
};

} // namespace Sandpit::Ui
