#pragma once

#include <QEvent>
#include <QKeyEvent>

namespace Sandpit::Ui {

/// Escape with no modifier: what closes a bar or clears a line.
inline bool isPlainEscape(const QKeyEvent *key)
{
    return key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier;
}

/// The window's Stop action answers Escape application-wide; a widget that gives Escape a
/// meaning of its own while it has the focus claims it here, from its event(), before shortcuts
/// are matched, so it arrives as a key press instead of stopping the run. True if claimed.
inline bool claimPlainEscape(QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride || !isPlainEscape(static_cast<const QKeyEvent *>(event)))
        return false;
    event->accept();
    return true;
}

} // namespace Sandpit::Ui
