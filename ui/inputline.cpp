#include "inputline.h"

#include <QKeyEvent>

namespace Sandpit::Ui {

InputLine::InputLine(QWidget *parent)
    : QLineEdit(parent)
{
    setClearButtonEnabled(false);
    connect(this, &QLineEdit::returnPressed, this, [this] {
        const QString text = this->text();
        clear();
        Q_EMIT lineEntered(text);
    });
}

void InputLine::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_D && event->modifiers() == Qt::ControlModifier) {
        const QString rest = text();
        clear();
        Q_EMIT endOfInputRequested(rest);
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

} // namespace Sandpit::Ui
