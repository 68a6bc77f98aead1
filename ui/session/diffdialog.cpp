#include "session/diffdialog.h"

#include "session/diffview.h"
#include "window/dialogcolumn.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>

namespace Sandpit::Ui {

DiffDialog::DiffDialog(QWidget *parent)
    : QDialog(parent)
    , m_legend(new QLabel(this))
    , m_view(new DiffView(this))
    , m_buttons(new QDialogButtonBox(this))
{
    setObjectName(QStringLiteral("diffDialog"));
    setWindowTitle(QStringLiteral("Differences"));
    m_legend->setObjectName(QStringLiteral("diffLegend"));
    m_legend->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("diffView"));
    layOutDialogColumn(this, m_legend, m_view, m_buttons);
    connect(m_view, &DiffView::diffShown, this, &DiffDialog::diffShown);
    resize(720, 520);
    setChoices({});
}

void DiffDialog::setTexts(const QString &beforeLabel, const QString &before, const QString &afterLabel,
                          const QString &after)
{
    // The signs are spelled out: a learner may never have read a diff.
    m_legend->setText(QStringLiteral("Lines starting with − are only in “%1”; lines starting with + are only in “%2”.")
                          .arg(beforeLabel, afterLabel));
    m_view->showDiff(before, after, beforeLabel, afterLabel,
                     QStringLiteral("No differences: “%1” and “%2” hold the same lines.").arg(beforeLabel, afterLabel));
}

void DiffDialog::setChoices(const QStringList &choices)
{
    m_choices = choices;
    m_buttons->clear();
    if (choices.isEmpty()) {
        m_buttons->addButton(QDialogButtonBox::Close)->setDefault(true);
        return;
    }
    for (int i = 0; i < choices.size(); ++i) {
        QPushButton *button = m_buttons->addButton(choices.at(i), QDialogButtonBox::AcceptRole);
        button->setObjectName(QStringLiteral("diffChoice%1").arg(i));
        button->setDefault(i == 0);
        connect(button, &QPushButton::clicked, this, [this, i] {
            accept();
            Q_EMIT choiceMade(i);
        });
    }
}

QString DiffDialog::diffText() const
{
    return m_view->toPlainText();
}

} // namespace Sandpit::Ui
