#include "theme/presentationmode.h"

#include "editor/qscintilla.h"
#include "theme/glyphicon.h"
#include "theme/panezoom.h"
#include "theme/presentationchrome.h"
#include "theme/themecontroller.h"
#include "window/namedaction.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QSettings>
#include <QWidget>

namespace Sandpit::Ui {

namespace {
const auto kZoomKey = QStringLiteral("view/zoom");
const auto kPresentationZoomKey = QStringLiteral("view/presentationZoom");
const auto kPresentationKey = QStringLiteral("view/presentation");
const auto kHiddenKey = QStringLiteral("view/presentationHidden");

} // namespace

PresentationMode::PresentationMode(ThemeController &themes, QObject *parent)
    : QObject(parent)
    , m_themes(themes)
    , m_zoom(new PaneZoom(this))
    , m_presentationAction(namedAction(QStringLiteral("actionPresentation"), QStringLiteral("&Presentation Mode"),
                                       {QKeySequence(Qt::Key_F11)}, this))
    , m_zoomInAction(namedAction(QStringLiteral("actionZoomIn"), QStringLiteral("Zoom &In"),
                                 {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)}, this))
    , m_zoomOutAction(namedAction(QStringLiteral("actionZoomOut"), QStringLiteral("Zoom &Out"),
                                  {QKeySequence(Qt::CTRL | Qt::Key_Minus)}, this))
    , m_zoomResetAction(namedAction(QStringLiteral("actionZoomReset"), QStringLiteral("&Reset Zoom"),
                                    {QKeySequence(Qt::CTRL | Qt::Key_0)}, this))
{
    m_presentationAction->setCheckable(true);
    m_presentationAction->setIcon(glyphIcon(Glyph::Presentation));
    m_presentationAction->setToolTip(QStringLiteral("Presentation mode: everything larger, in high contrast, "
                                                    "with less on screen (F11)"));
    m_zoomInAction->setToolTip(QStringLiteral("Make the text of every pane larger (Ctrl+=, Ctrl+wheel)"));
    m_zoomOutAction->setToolTip(QStringLiteral("Make the text of every pane smaller (Ctrl+-, Ctrl+wheel)"));
    m_zoomResetAction->setToolTip(QStringLiteral("Back to the usual size (Ctrl+0)"));

    const QSettings settings;
    const auto percent = [&settings](const QString &key, int fallback) {
        bool ok = false;
        const int value = settings.value(key, fallback).toInt(&ok);
        return ok ? std::clamp(value, PaneZoom::kMinPercent, PaneZoom::kMaxPercent) : fallback;
    };
    m_normalPercent = percent(kZoomKey, 100);
    m_presentationPercent = percent(kPresentationZoomKey, kDefaultPresentationPercent);
    m_hiddenNames = settings.value(kHiddenKey).toStringList();
    m_on = settings.value(kPresentationKey, false).toBool();

    m_presentationAction->setChecked(m_on);
    m_zoom->setPercent(m_on ? m_presentationPercent : m_normalPercent);
    if (m_on)
        m_themes.setPresenting(true);

    connect(m_presentationAction, &QAction::toggled, this, &PresentationMode::setOn);
    connect(m_zoomInAction, &QAction::triggered, m_zoom, &PaneZoom::zoomIn);
    connect(m_zoomOutAction, &QAction::triggered, m_zoom, &PaneZoom::zoomOut);
    connect(m_zoomResetAction, &QAction::triggered, this, &PresentationMode::resetZoom);
    connect(m_zoom, &PaneZoom::percentChanged, this, &PresentationMode::saveZoom);
}

void PresentationMode::attachWindow(QMainWindow &window)
{
    m_chrome = new PresentationChrome(window);
    m_chrome->showIconOnly(m_presentationAction);
    m_chrome->setScaled(m_on);
}

void PresentationMode::fitWindow()
{
    if (m_chrome)
        m_chrome->fitDocks(m_on);
}

void PresentationMode::addPane(QWidget *pane)
{
    m_zoom->addPane(pane);
    if (auto *editor = qobject_cast<QsciScintilla *>(pane)) {
        m_editors.removeAll(nullptr);
        m_editors << editor;
        wrapLines(editor);
    }
}

void PresentationMode::wrapLines(QsciScintilla *editor) const
{
    editor->setWrapMode(m_on ? QsciScintilla::WrapWord : QsciScintilla::WrapNone);
    // A wrapped part starts indented past its line's own indent, with a mark at the end of
    // the line it continues, so the room can tell one long line from two.
    editor->setWrapVisualFlags(QsciScintilla::WrapFlagByText);
    editor->setWrapIndentMode(QsciScintilla::WrapIndentIndented);
}

void PresentationMode::removePane(QWidget *pane)
{
    m_zoom->removePane(pane);
}

int PresentationMode::percent() const
{
    return m_zoom->percent();
}

void PresentationMode::addDistraction(QWidget *widget)
{
    m_distractions.append({widget, false});
    if (m_on) {
        hide(m_distractions.last());
        QSettings().setValue(kHiddenKey, m_hiddenNames);
    }
}

void PresentationMode::hide(Distraction &distraction)
{
    QWidget *widget = distraction.widget;
    if (!widget)
        return;
    // After a restart in presentation mode the window comes back with them hidden: the names
    // say which ones were showing before.
    distraction.wasVisible = !widget->isHidden() || m_hiddenNames.contains(widget->objectName());
    if (distraction.wasVisible && !widget->objectName().isEmpty() && !m_hiddenNames.contains(widget->objectName()))
        m_hiddenNames << widget->objectName();
    widget->hide();
}

void PresentationMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    m_presentationAction->setChecked(on);
    if (on) {
        for (Distraction &distraction : m_distractions)
            hide(distraction);
    } else {
        for (const Distraction &distraction : std::as_const(m_distractions)) {
            if (distraction.widget && distraction.wasVisible)
                distraction.widget->show();
        }
        m_hiddenNames.clear();
    }
    QSettings settings;
    settings.setValue(kPresentationKey, on);
    settings.setValue(kHiddenKey, m_hiddenNames);
    m_themes.setPresenting(on);
    m_zoom->setPercent(on ? m_presentationPercent : m_normalPercent);
    for (QsciScintilla *editor : std::as_const(m_editors)) {
        if (editor)
            wrapLines(editor);
    }
    if (m_chrome) {
        m_chrome->setScaled(on);
        m_chrome->fitDocks(on);
    }
    Q_EMIT toggled(on);
}

void PresentationMode::resetZoom()
{
    m_zoom->setPercent(m_on ? kDefaultPresentationPercent : 100);
}

void PresentationMode::saveZoom(int percent)
{
    (m_on ? m_presentationPercent : m_normalPercent) = percent;
    QSettings().setValue(m_on ? kPresentationZoomKey : kZoomKey, percent);
}

} // namespace Sandpit::Ui
