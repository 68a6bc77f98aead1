#include "settings/settingsource.h"

#include <QSettings>

namespace Sandpit::Core {

QString settingOrigin(const QString &key, const QSettings &settings)
{
    return QStringLiteral("The setting %1 (in %2)").arg(key, settings.fileName());
}

SettingSource lookUpSetting(const QSettings &settings, const QString &key, const QProcessEnvironment &environment,
                            const QString &variable, QStringList &overrides)
{
    if (!variable.isEmpty() && environment.contains(variable)) {
        overrides << variable;
        return {environment.value(variable), QStringLiteral("The environment variable %1").arg(variable), true};
    }
    if (!settings.contains(key))
        return {{}, settingOrigin(key, settings), false};
    const QVariant value = settings.value(key);
    const QString text
        = value.typeId() == QMetaType::QStringList ? value.toStringList().join(QLatin1Char(',')) : value.toString();
    return {text, settingOrigin(key, settings), true};
}

} // namespace Sandpit::Core
