#pragma once

#include "runlimits.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <expected>

class QSettings;

namespace Sandpit::Core {

/// The engine's configuration: QSettings, overridden by SANDPIT_* environment variables.
struct EngineSettings {
    QString backend = QStringLiteral("local");
    /// When Docker is chosen but cannot be reached, run in the local sandbox and say so.
    bool dockerFallback = true;
    Limits limits;
    QStringList environmentOverrides; ///< names of the SANDPIT_* variables that took effect

    /// Reads settings then the environment. A bad value is an error that names the setting
    /// or variable, the value and what is expected; nothing is silently replaced.
    static std::expected<EngineSettings, QString> load(const QSettings &settings,
                                                       const QProcessEnvironment &environment);
    void save(QSettings &settings) const;
};

/// The backends this build knows, for validating a name.
QStringList knownBackends();

} // namespace Sandpit::Core
