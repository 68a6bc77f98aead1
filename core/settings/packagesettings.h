#pragma once

#include "packages/packagesource.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <expected>
#include <optional>

class QSettings;

namespace Sandpit::Core {

/// Where a program's declared packages come from: packages/wheelhouse (SANDPIT_WHEELHOUSE),
/// packages/index (SANDPIT_PACKAGE_INDEX) with packages/indexHosts
/// (SANDPIT_PACKAGE_INDEX_HOSTS: host:port, comma-separated, as network/allow is), and the environments' folder beside the run
/// history (SANDPIT_DATA_DIR, else the data folder).
struct PackageSettings {
    static QString wheelhouseKey();
    static QString indexKey();
    static QString indexHostsKey();
    /// The data folder's wheelhouse/ (beside the run history: SANDPIT_DATA_DIR when set).
    static QString defaultWheelhouse(const QProcessEnvironment &environment);

    /// Reads the settings, then the variables (their names go to `overrides`). A bad value is
    /// an error naming the setting or variable, as EngineSettings::load says it.
    static std::expected<PackageSource, QString> load(const QSettings &settings, const QProcessEnvironment &environment,
                                                      QStringList &overrides);
    /// Writes what differs from the default; a default is no setting, so a later one applies.
    static void save(const PackageSource &source, QSettings &settings);
    /// Why `text` is no good for `key` (after the setting's name); nothing when it is good or
    /// the key is not one of these.
    static std::optional<QString> problemWith(const QString &key, const QString &text);
};

} // namespace Sandpit::Core
