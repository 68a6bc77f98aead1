#pragma once

#include "engine/backendid.h"
#include "model/runlimits.h"
#include "model/runresult.h"
#include "network/allowlist.h"
#include "packages/packagesource.h"
#include "policy/importpolicy.h"

#include <QHash>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <expected>
#include <optional>

class QSettings;

namespace Sandpit::Core {

/// The engine's configuration: QSettings, overridden by SANDPIT_* environment variables.
struct EngineSettings {
    QString backend = kLocalBackendId;
    /// When Docker is chosen but cannot be reached, run in the local sandbox and say so.
    bool dockerFallback = true;
    /// sandbox/allow_weaker: the weakest isolation a local run may fall back to where this
    /// host cannot give full isolation. Full, spelled "never", is the default: refuse to run.
    IsolationReport::Level allowWeaker = IsolationReport::Level::Full;
    Limits limits;
    /// Language id → Docker image, from the settings docker/images/<id>: over languages.json,
    /// under SANDPIT_DOCKER_IMAGE_<ID>.
    QHash<QString, QString> dockerImages;
    /// packages/*: where a program's declared packages come from (PackageSettings).
    PackageSource packages;
    /// policy/*: the teaching import policy of window runs and `sandpit run` (PolicySettings).
    ImportPolicy importPolicy;
    /// network/allow: the hosts a run may reach through Sandpit's proxy (NetworkSettings).
    /// Empty, the default: no network.
    QList<AllowedDestination> network;
    QStringList environmentOverrides; ///< names of the SANDPIT_* variables that took effect

    /// Reads settings then the environment. A bad value is an error that names the setting
    /// or variable, the value and what is expected; nothing is silently replaced.
    static std::expected<EngineSettings, QString> load(const QSettings &settings,
                                                       const QProcessEnvironment &environment);
    void save(QSettings &settings) const;

    /// Why `text` is no good for the setting `key`, as load() would say it after the setting's
    /// name ("must be a number of seconds between 0.1 and 86400, but it is \"0\"."); nothing
    /// when it is good or the key is not one of these settings. A settings dialog checks with
    /// this, so it refuses exactly what load() refuses.
    static std::optional<QString> problemWith(const QString &key, const QString &text);
    /// docker/images/<languageId>
    static QString imageKey(const QString &languageId);
    /// sandbox/allow_weaker
    static QString allowWeakerKey();
};

/// The backends this build knows, for validating a name.
QStringList knownBackends();

} // namespace Sandpit::Core
