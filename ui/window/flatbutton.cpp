#include "window/flatbutton.h"

#include <QToolButton>

namespace Sandpit::Ui {

QToolButton *flatButton(const QString &objectName, const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setObjectName(objectName);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    return button;
}

} // namespace Sandpit::Ui
