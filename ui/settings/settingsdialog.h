#pragma once

#include "languages/languageregistry.h"
#include "settings/appliedsettings.h"

#include <QDialog>
#include <QHash>
#include <QProcessEnvironment>

class QDialogButtonBox;
class QFontComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSettings;
class QSpinBox;

namespace Sandpit::Ui {

class DockerImagesTable;
class SettingField;

/// Settings… : the engine's backend and limits, Docker images per language, the editor's font
/// and theme, the run history, the workspace mode, the folder of the learner's exercise files, packages and the hosts programs may reach. Each value is checked by the same code
/// that reads it at start (Core::EngineSettings::problemWith and the like); while one is no
/// good its message stands under it and OK and Apply are off, so nothing is written.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    static inline const QString kThemeKey = QStringLiteral("view/theme");
    static inline const QString kFontKey = QStringLiteral("editor/font");
    static inline const QString kKeptWorkspaceKey = QStringLiteral("workspace/kept_by_default");

    /// `settings` is written on OK and Apply and must outlive the dialog.
    SettingsDialog(QSettings &settings, const Core::LanguageRegistry &languages,
                   const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment(),
                   QWidget *parent = nullptr);
    ~SettingsDialog() override;

    /// One message per value that is no good; empty when OK may save.
    QStringList problems() const;
    /// The editor font as chosen, or the system's fixed font when none is saved.
    static QFont editorFont(const QSettings &settings);

public Q_SLOTS:
    /// Saves and emits settingsApplied; does nothing while a value is no good.
    bool apply();
    /// Puts every field back to its default; saved on OK or Apply, like any change.
    void restoreDefaults();

Q_SIGNALS:
    void settingsApplied(const Sandpit::Ui::AppliedSettings &settings);

private:
    QWidget *runningPage();
    QWidget *editorPage();
    QWidget *historyPage();
    QWidget *workspacePage();
    QWidget *exercisesPage();
    QWidget *packagesPage();
    QWidget *networkPage();
    void browseLearnerFolder();
    void saveExerciseSettings();
    SettingField *addField(const QString &key, const QString &label, QWidget *editor, const QString &unit = {});
    QLineEdit *addWideLine(QFormLayout *form, const QString &key, const QString &variable, const QString &label,
                           const QString &defaultValue);
    void load();
    void setEditorFont(const QFont &font);
    QFont chosenFont() const;
    void updateState();

    QSettings &m_settings;
    QProcessEnvironment m_environment;
    QList<SettingField *> m_fields;
    SettingField *m_learnerFolder = nullptr;
    QHash<QString, QString> m_defaults;  // key → the value load() assumes when it is unset
    QHash<QString, QString> m_variables; // key → its SANDPIT_* override
    DockerImagesTable *m_images;
    QFontComboBox *m_fontFamily = nullptr;
    QSpinBox *m_fontSize = nullptr;
    QLabel *m_fontPreview = nullptr;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace Sandpit::Ui
