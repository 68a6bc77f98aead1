#pragma once

#include "model/runlimits.h"

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// Where a run's declared packages come from, and what their install may use. A plain value
/// in RunRequest; the settings fill it (PackageSettings).
struct PackageSource {
    /// The folder of wheels (and sdists) pip installs from, offline. Empty: defaultWheelhouse().
    QString wheelhouse;
    /// A package index (an http or https URL); empty: the wheelhouse alone. Setting one allows
    /// the setup step, never the program, to reach it through a proxy of its own
    /// (packageInstallNetwork()); pip still looks in the wheelhouse first.
    QString index;
    /// Further `host:port`s the index sends files from (PyPI: files.pythonhosted.org:443),
    /// allowed to the setup step with the index.
    QStringList indexHosts;
    /// The folder the program's file is in, when it has one: a requirements.txt there counts
    /// as declared (read on the engine's thread, like an attached file).
    QString programFolder;
    /// Where the environments are cached (EnvCache). Empty: EnvCache::defaultRoot().
    QString envs;
    /// The setup step's own limits: pip runs the packages' build code, as untrusted as the
    /// program, so it is bounded, but more generously than a program (wheels unpack, sdists
    /// build).
    Limits setupLimits{.wallTimeMs = 120'000,
                       .cpuTimeMs = 0,
                       .memoryBytes = 1024LL * 1024 * 1024,
                       .outputBytes = 1024LL * 1024,
                       .processes = 64,
                       .fileSizeBytes = 256LL * 1024 * 1024,
                       .openFiles = 256};

    /// The data folder's wheelhouse/ (QStandardPaths::AppDataLocation).
    static QString defaultWheelhouse();
    QString wheelhouseOrDefault() const { return wheelhouse.isEmpty() ? defaultWheelhouse() : wheelhouse; }

    friend bool operator==(const PackageSource &, const PackageSource &) = default;
};

} // namespace Sandpit::Core
