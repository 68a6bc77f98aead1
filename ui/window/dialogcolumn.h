#pragma once

#include <QDialog>
#include <QDialogButtonBox>
#include <QVBoxLayout>

namespace Sandpit::Ui {

/// The column most of Sandpit's dialogs are: a line above (a heading, a legend, a filter), the
/// body taking all the spare height, and the buttons, whose Close (rejected) closes the dialog.
inline void layOutDialogColumn(QDialog *dialog, QWidget *above, QWidget *body, QDialogButtonBox *buttons)
{
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(above);
    layout->addWidget(body, 1);
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
}

} // namespace Sandpit::Ui
