#include "editor/gotolinedialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

GoToLineDialog::GoToLineDialog(QWidget *parent)
    : QDialog(parent)
    , m_field(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("goToLineDialog"));
    setWindowTitle(QStringLiteral("Go to Line"));
    m_field->setObjectName(QStringLiteral("lineField"));
    m_message->setObjectName(QStringLiteral("lineMessage"));
    m_message->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_field);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    connect(m_field, &QLineEdit::textChanged, this, &GoToLineDialog::check);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        const Target target = parse(m_field->text(), m_lineCount);
        if (!target.problem.isEmpty())
            return;
        accept();
        Q_EMIT lineChosen(target.line, target.column);
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void GoToLineDialog::setRange(int lineCount, int currentLine)
{
    m_lineCount = std::max(lineCount, 1);
    m_field->setText(QString::number(currentLine));
    m_field->selectAll();
    m_field->setFocus();
    check();
}

GoToLineDialog::Target GoToLineDialog::parse(const QString &text, int lineCount)
{
    Target target;
    const QString range = QStringLiteral("a line number from 1 to %1").arg(lineCount);
    const QStringList parts = text.trimmed().split(QLatin1Char(':'));
    bool lineOk = false;
    bool columnOk = true;
    target.line = parts.value(0).trimmed().toInt(&lineOk);
    if (parts.size() > 1)
        target.column = parts.at(1).trimmed().toInt(&columnOk);
    if (text.trimmed().isEmpty())
        target.problem = QStringLiteral("Type %1.").arg(range);
    else if (!lineOk || !columnOk || parts.size() > 2 || target.column < 0)
        target.problem
            = QStringLiteral("“%1” is not a line number: type %2, or line:column.").arg(text.trimmed(), range);
    else if (target.line < 1 || target.line > lineCount)
        target.problem = QStringLiteral("There is no line %1: the program has %2 line%3. Type %4.")
                             .arg(target.line)
                             .arg(lineCount)
                             .arg(lineCount == 1 ? QString() : QStringLiteral("s"), range);
    return target;
}

void GoToLineDialog::check()
{
    const Target target = parse(m_field->text(), m_lineCount);
    m_message->setText(target.problem.isEmpty() ? QStringLiteral("Lines 1 to %1.").arg(m_lineCount) : target.problem);
    m_message->setStyleSheet(target.problem.isEmpty() ? QString() : QStringLiteral("color: #b71c1c;"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(target.problem.isEmpty());
}

} // namespace Sandpit::Ui
