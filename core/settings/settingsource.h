#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

class QSettings;

namespace Sandpit::Core {

/// A setting's text as read, and where it came from in words a message can start with.
struct SettingSource {
    QString text;
    /// "The setting KEY (in FILE)" or "The environment variable NAME".
    QString origin;
    /// False when neither the environment nor the settings have it (origin is then the
    /// setting's, for a message about a default).
    bool present = false;
};

/// The setting `key`, overridden by the environment variable `variable` when the environment
/// has it (which is then added to `overrides`; an empty `variable` has no override). A list
/// (QSettings reads an unquoted "a:1, b:2" in the file as two values) comes back joined with
/// commas, as it was written.
SettingSource lookUpSetting(const QSettings &settings, const QString &key, const QProcessEnvironment &environment,
                            const QString &variable, QStringList &overrides);

/// "The setting KEY (in FILE)": how a message names a setting it found wrong.
QString settingOrigin(const QString &key, const QSettings &settings);

} // namespace Sandpit::Core
