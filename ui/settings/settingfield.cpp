#include "settings/settingfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace Sandpit::Ui {

SettingField::SettingField(QString key, QString label, QWidget *editor, QString unit, QObject *parent)
    : QObject(parent)
    , m_key(std::move(key))
    , m_label(std::move(label))
    , m_unit(std::move(unit))
    , m_editor(editor)
    , m_row(new QWidget)
    , m_message(new QLabel)
    , m_note(new QLabel)
{
    m_editor->setObjectName(m_key);
    m_message->setObjectName(m_key + QStringLiteral("#error"));
    m_note->setObjectName(m_key + QStringLiteral("#note"));
    // Red is not the only cue: the message itself says what is wrong.
    m_message->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
    for (QLabel *text : {m_message, m_note}) {
        text->setWordWrap(true);
        text->setVisible(false);
    }
    m_note->setEnabled(false); // drawn greyed: it explains, it cannot be acted on here

    auto *line = new QHBoxLayout;
    line->setContentsMargins(0, 0, 0, 0);
    line->addWidget(m_editor);
    if (!m_unit.isEmpty())
        line->addWidget(new QLabel(m_unit));
    line->addStretch();
    auto *column = new QVBoxLayout(m_row);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(line);
    column->addWidget(m_message);
    column->addWidget(m_note);

    const auto changed = [this] {
        updateProblem();
        Q_EMIT edited();
    };
    if (auto *edit = qobject_cast<QLineEdit *>(m_editor))
        connect(edit, &QLineEdit::textEdited, this, changed);
    else if (auto *combo = qobject_cast<QComboBox *>(m_editor))
        connect(combo, &QComboBox::activated, this, changed);
    else if (auto *box = qobject_cast<QCheckBox *>(m_editor))
        connect(box, &QCheckBox::clicked, this, changed);
}

QString SettingField::editorValue() const
{
    if (auto *edit = qobject_cast<QLineEdit *>(m_editor))
        return edit->text();
    if (auto *combo = qobject_cast<QComboBox *>(m_editor))
        return combo->currentData().toString();
    if (auto *box = qobject_cast<QCheckBox *>(m_editor))
        return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

void SettingField::showEditorValue(const QString &text)
{
    if (auto *edit = qobject_cast<QLineEdit *>(m_editor)) {
        edit->setText(text);
    } else if (auto *combo = qobject_cast<QComboBox *>(m_editor)) {
        int index = combo->findData(text.trimmed().toLower());
        if (index < 0) { // a value this dialog has no words for: shown as it is
            combo->addItem(text, text);
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(index);
    } else if (auto *box = qobject_cast<QCheckBox *>(m_editor)) {
        box->setChecked(text == QLatin1String("true"));
    }
}

QString SettingField::value() const
{
    return isOverridden() ? m_saved : editorValue();
}

void SettingField::setValue(const QString &text)
{
    if (isOverridden()) {
        m_saved = text;
        updateNote();
    } else {
        showEditorValue(text);
    }
    updateProblem();
}

void SettingField::setCheck(Check check)
{
    m_check = std::move(check);
    updateProblem();
}

std::optional<QString> SettingField::problem() const
{
    // Under an override the saved value cannot be edited here, so it cannot block saving.
    if (!m_check || isOverridden())
        return std::nullopt;
    const auto why = m_check(m_key, editorValue());
    if (!why)
        return std::nullopt;
    return m_label + QLatin1Char(' ') + *why;
}

void SettingField::overrideWith(const QString &variable, const QString &rawValue, const QString &shown)
{
    m_saved = editorValue();
    m_variable = variable;
    m_rawValue = rawValue;
    showEditorValue(shown);
    if (auto *edit = qobject_cast<QLineEdit *>(m_editor))
        edit->setReadOnly(true);
    // Drawn greyed too: a read-only line edit looks just like an editable one.
    m_editor->setEnabled(false);
    m_editor->setToolTip(QStringLiteral("Set by %1 in the environment").arg(variable));
    updateNote();
    updateProblem();
}

QString SettingField::describe(const QString &text) const
{
    if (auto *combo = qobject_cast<QComboBox *>(m_editor)) {
        const int index = combo->findData(text);
        return index < 0 ? text : combo->itemText(index);
    }
    if (qobject_cast<QCheckBox *>(m_editor))
        return text == QLatin1String("true") ? QStringLiteral("on") : QStringLiteral("off");
    return m_unit.isEmpty() ? text : text + QLatin1Char(' ') + m_unit;
}

void SettingField::updateNote()
{
    m_note->setText(QStringLiteral("Set by %1=%2 in the environment; your saved value (%3) applies when it is unset.")
                        .arg(m_variable, m_rawValue, describe(m_saved)));
    m_note->setVisible(true);
}

void SettingField::updateProblem()
{
    const auto why = problem();
    m_message->setText(why.value_or(QString()));
    m_message->setVisible(why.has_value());
    m_editor->setAccessibleDescription(why.value_or(QString()));
}

} // namespace Sandpit::Ui
