#include "run/inputsetpackdialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

InputSetPackDialog::InputSetPackDialog(const QString &programName, const QString &folder, QWidget *parent)
    : QDialog(parent)
    , m_title(new QLineEdit(this))
    , m_folder(new QLineEdit(folder, this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("inputSetPackDialog"));
    setWindowTitle(QStringLiteral("Make Exercise Pack"));
    m_title->setObjectName(QStringLiteral("packTitle"));
    m_folder->setObjectName(QStringLiteral("packFolder"));
    m_message->setObjectName(QStringLiteral("packMessage"));
    m_message->setWordWrap(true);
    auto *intro = new QLabel(QStringLiteral("A one-exercise pack from %1: the program becomes the starter and the "
                                            "solution, and each input set a test (its expected output, if it has "
                                            "one, is what the test checks).")
                                 .arg(programName),
                             this);
    intro->setWordWrap(true);
    auto *browse = new QPushButton(QStringLiteral("&Browse…"), this);
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(QStringLiteral("&Title:"), m_title);
    form->addRow(QStringLiteral("&Folder:"), folderRow);
    QPushButton *make = m_buttons->addButton(QStringLiteral("&Make Pack"), QDialogButtonBox::AcceptRole);
    make->setObjectName(QStringLiteral("makePackButton"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    resize(520, sizeHint().height());

    connect(browse, &QPushButton::clicked, this, &InputSetPackDialog::chooseFolder);
    connect(m_title, &QLineEdit::textChanged, this, &InputSetPackDialog::updateButtons);
    connect(m_folder, &QLineEdit::textChanged, this, &InputSetPackDialog::updateButtons);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The dialog stays open until the pack is written: a failure is said here, with the fields kept.
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        m_message->clear();
        Q_EMIT packRequested(m_folder->text().trimmed(), m_title->text().trimmed());
    });
    updateButtons();
}

void InputSetPackDialog::showProblem(const QString &message)
{
    m_message->setText(message);
}

void InputSetPackDialog::chooseFolder()
{
    auto *dialog = new QFileDialog(this, QStringLiteral("Folder for the pack"), m_folder->text());
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, m_folder, &QLineEdit::setText);
    dialog->open();
}

void InputSetPackDialog::updateButtons()
{
    for (QAbstractButton *button : m_buttons->buttons())
        if (m_buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
            button->setEnabled(!m_title->text().trimmed().isEmpty() && !m_folder->text().trimmed().isEmpty());
}

} // namespace Sandpit::Ui
