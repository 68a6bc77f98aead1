#include "settings/packagesettings.h"

#include "packages/envcache.h"
#include "packages/packageindex.h"
#include "settings/folderpath.h"
#include "settings/historysettings.h"
#include "settings/networksettings.h"
#include "settings/settingsource.h"

#include <QFileInfo>
#include <QSettings>

namespace Sandpit::Core {

namespace {
const auto kWheelhouseKey = QStringLiteral("packages/wheelhouse");
const auto kIndexKey = QStringLiteral("packages/index");
const auto kWheelhouseVariable = QStringLiteral("SANDPIT_WHEELHOUSE");
const auto kIndexVariable = QStringLiteral("SANDPIT_PACKAGE_INDEX");
const auto kIndexHostsKey = QStringLiteral("packages/indexHosts");
const auto kIndexHostsVariable = QStringLiteral("SANDPIT_PACKAGE_INDEX_HOSTS");

std::expected<QString, QString> parseWheelhouse(const QString &text)
{
    const QString folder = absoluteFolder(text);
    if (folder.isEmpty())
        return std::unexpected(
            QStringLiteral("must be a whole path to a folder, starting with / or ~/, but it is \"%1\".").arg(text));
    // It may not exist yet (pip download makes it), but a file in its place would never do.
    if (QFileInfo(folder).exists() && !QFileInfo(folder).isDir())
        return std::unexpected(QStringLiteral("must be a folder, but \"%1\" is a file.").arg(text));
    return folder;
}

std::expected<QString, QString> parseIndex(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return QString();
    if (!packageIndexDestination(trimmed))
        return std::unexpected(QStringLiteral("must be empty (the wheelhouse only) or a package index's address such "
                                              "as https://pypi.org/simple, but it is \"%1\".")
                                   .arg(text));
    return trimmed;
}

// As the network allow-list is written (NetworkSettings::entries), and checked by the same rule.
std::expected<QStringList, QString> parseIndexHosts(const QString &text)
{
    const QStringList entries = NetworkSettings::entries(text);
    if (const auto list = parseAllowList(entries); !list)
        return std::unexpected(QStringLiteral("is not a list of hosts: %1").arg(list.error().message));
    return entries;
}
} // namespace

QString PackageSettings::wheelhouseKey()
{
    return kWheelhouseKey;
}

QString PackageSettings::indexKey()
{
    return kIndexKey;
}

QString PackageSettings::indexHostsKey()
{
    return kIndexHostsKey;
}

QString PackageSettings::defaultWheelhouse(const QProcessEnvironment &environment)
{
    return QFileInfo(HistorySettings::defaultDirectory(environment)).path() + QStringLiteral("/wheelhouse");
}

std::optional<QString> PackageSettings::problemWith(const QString &key, const QString &text)
{
    if (key == kWheelhouseKey) {
        if (const auto parsed = parseWheelhouse(text); !parsed)
            return parsed.error();
    } else if (key == kIndexKey) {
        if (const auto parsed = parseIndex(text); !parsed)
            return parsed.error();
    } else if (key == kIndexHostsKey) {
        if (const auto parsed = parseIndexHosts(text); !parsed)
            return parsed.error();
    }
    return std::nullopt;
}

std::expected<PackageSource, QString>
PackageSettings::load(const QSettings &settings, const QProcessEnvironment &environment, QStringList &overrides)
{
    PackageSource out;
    const QString data = QFileInfo(HistorySettings::defaultDirectory(environment)).path();
    out.envs = data + QStringLiteral("/envs");
    const auto read
        = [&](const QString &key, const QString &variable, auto parse, auto &into) -> std::optional<QString> {
        const SettingSource source = lookUpSetting(settings, key, environment, variable, overrides);
        if (!source.present)
            return std::nullopt;
        const auto parsed = parse(source.text);
        if (!parsed)
            return source.origin + QLatin1Char(' ') + parsed.error();
        into = *parsed;
        return std::nullopt;
    };
    out.wheelhouse = defaultWheelhouse(environment);
    if (const auto error = read(kWheelhouseKey, kWheelhouseVariable, parseWheelhouse, out.wheelhouse))
        return std::unexpected(*error);
    if (const auto error = read(kIndexKey, kIndexVariable, parseIndex, out.index))
        return std::unexpected(*error);
    if (const auto error = read(kIndexHostsKey, kIndexHostsVariable, parseIndexHosts, out.indexHosts))
        return std::unexpected(*error);
    return out;
}

void PackageSettings::save(const PackageSource &source, QSettings &settings)
{
    const PackageSource defaults;
    if (source.wheelhouse.isEmpty() || source.wheelhouse == defaults.wheelhouseOrDefault())
        settings.remove(kWheelhouseKey);
    else
        settings.setValue(kWheelhouseKey, source.wheelhouse);
    if (source.index.isEmpty())
        settings.remove(kIndexKey);
    else
        settings.setValue(kIndexKey, source.index);
    if (source.indexHosts.isEmpty())
        settings.remove(kIndexHostsKey);
    else
        settings.setValue(kIndexHostsKey, source.indexHosts.join(QStringLiteral(", ")));
}

} // namespace Sandpit::Core
