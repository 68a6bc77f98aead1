#pragma once

#include <QWheelEvent>

namespace Sandpit::Ui {

/// Ctrl+wheel zooms `target` (anything with zoomIn() and zoomOut(), such as the editor and the
/// image preview) one step per wheel event, in the direction the wheel turned. True when the
/// event was a zoom, so the caller consumes it instead of scrolling.
template<typename Zoomable>
bool zoomOnCtrlWheel(const QWheelEvent *wheel, Zoomable &target)
{
    if (!(wheel->modifiers() & Qt::ControlModifier))
        return false;
    const int delta = wheel->angleDelta().y();
    if (delta > 0)
        target.zoomIn();
    else if (delta < 0)
        target.zoomOut();
    return true;
}

} // namespace Sandpit::Ui
