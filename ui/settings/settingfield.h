#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QLabel;
class QWidget;

namespace Sandpit::Ui {

/// One setting on a page of the settings dialog: its editor (a QLineEdit, a QComboBox whose
/// items carry the stored words as data, or a QCheckBox), the message under it while its value
/// is no good, and the note that says when an environment variable decides it instead.
/// Objects are named after the key ("limits/timeout_sec", "…#error", "…#note") for tests.
class SettingField final : public QObject
{
    Q_OBJECT
public:
    /// Why a value is no good for the key, in words that follow the field's label; the core's
    /// own check (Core::EngineSettings::problemWith and the like).
    using Check = std::function<std::optional<QString>(const QString &key, const QString &text)>;

    SettingField(QString key, QString label, QWidget *editor, QString unit = {}, QObject *parent = nullptr);

    QString key() const { return m_key; }
    QString label() const { return m_label; }
    /// The row to put beside the label: editor, unit, message and note.
    QWidget *row() const { return m_row; }

    /// What is to be saved: the editor's value, or the saved one while a variable decides.
    QString value() const;
    void setValue(const QString &text);
    void setCheck(Check check);
    /// The message shown, naming the field, or nothing when the value is good.
    std::optional<QString> problem() const;

    /// Shows `variable`'s value read-only in the editor; `shown` is what the editor should
    /// display for it (the variable as read, e.g. "docker" for " Docker ").
    void overrideWith(const QString &variable, const QString &rawValue, const QString &shown);
    bool isOverridden() const { return !m_variable.isEmpty(); }

Q_SIGNALS:
    void edited();

private:
    QString editorValue() const;
    void showEditorValue(const QString &text);
    QString describe(const QString &text) const;
    void updateProblem();
    void updateNote();

    QString m_key;
    QString m_label;
    QString m_unit;
    QWidget *m_editor;
    QWidget *m_row;
    QLabel *m_message;
    QLabel *m_note;
    Check m_check;
    QString m_variable;
    QString m_rawValue;
    QString m_saved; // the value under an override, kept and written back unchanged
};

} // namespace Sandpit::Ui
