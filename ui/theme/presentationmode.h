#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;
class QWidget;
class QsciScintilla;

namespace Sandpit::Ui {

class PaneZoom;
class PresentationChrome;
class ThemeController;

/// Zoom for the whole window, and presentation mode for an instructor at a projector: a
/// larger zoom of its own, the high-contrast theme of the chosen lightness (dark stays dark),
/// and the distractions hidden. Both are
/// settings (view/zoom, view/presentationZoom, view/presentation), so they survive restarts;
/// nothing about a run touches them.
class PresentationMode final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultPresentationPercent = 175;

    /// Reads the settings and applies them at once: panes added later join at the zoom in force.
    explicit PresentationMode(ThemeController &themes, QObject *parent = nullptr);

    /// Zoomed with every other pane (see PaneZoom::addPane); a destroyed pane leaves by itself.
    /// An editor also wraps its long lines while presenting: at a projector's size a line
    /// past the edge would be cut off for the room, who cannot scroll it.
    void addPane(QWidget *pane);
    void removePane(QWidget *pane);
    /// The window's toolbars, menus, tab labels and pane titles grow while presenting, and the
    /// window is shared out again on each switch (see PresentationChrome); a zoom step moves
    /// nothing.
    void attachWindow(QMainWindow &window);
    /// Shares the attached window out among its docks, for presenting or not
    /// (PresentationChrome::fitDocks); once the window has its size.
    void fitWindow();
    /// Hidden while presenting, and shown again afterwards if it was visible before. Give it an
    /// object name: a restart in presentation mode remembers which ones it hid by name.
    void addDistraction(QWidget *widget);

    bool isOn() const { return m_on; }
    int percent() const;
    PaneZoom &zoom() const { return *m_zoom; }

    /// Checkable, F11: "actionPresentation".
    QAction *presentationAction() const { return m_presentationAction; }
    /// Ctrl+= and Ctrl++: "actionZoomIn".
    QAction *zoomInAction() const { return m_zoomInAction; }
    /// Ctrl+-: "actionZoomOut".
    QAction *zoomOutAction() const { return m_zoomOutAction; }
    /// Ctrl+0, back to 100% (or to presentation's default while presenting): "actionZoomReset".
    QAction *zoomResetAction() const { return m_zoomResetAction; }

public Q_SLOTS:
    void setOn(bool on);
    void resetZoom();

Q_SIGNALS:
    void toggled(bool on);

private:
    struct Distraction {
        QPointer<QWidget> widget;
        bool wasVisible = false;
    };

    void hide(Distraction &distraction);
    void wrapLines(QsciScintilla *editor) const;
    void saveZoom(int percent);

    ThemeController &m_themes;
    PaneZoom *m_zoom;
    PresentationChrome *m_chrome = nullptr;
    QAction *m_presentationAction;
    QAction *m_zoomInAction;
    QAction *m_zoomOutAction;
    QAction *m_zoomResetAction;
    QList<Distraction> m_distractions;
    QList<QPointer<QsciScintilla>> m_editors;
    QStringList m_hiddenNames; // hidden by presentation mode, kept for a restart
    int m_normalPercent = 100;
    int m_presentationPercent = kDefaultPresentationPercent;
    bool m_on = false;
};

} // namespace Sandpit::Ui
