#pragma once

#include <QString>

class QToolButton;
class QWidget;

namespace Sandpit::Ui {

/// The small button of a pane's bar or banner: flat until the mouse is over it, as a toolbar's
/// buttons are, so a row of them does not outweigh what the row says. `text` may be empty for
/// a button that shows an icon; the tooltip then says what it does.
QToolButton *flatButton(const QString &objectName, const QString &text, const QString &toolTip, QWidget *parent);

} // namespace Sandpit::Ui
