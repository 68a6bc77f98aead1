#pragma once

#include "policy/importpolicy.h"

#include <QString>

#include <expected>
#include <optional>

class QSettings;

namespace Sandpit::Core {

/// The teaching import policy of window runs and `sandpit run`: policy/warn and policy/block,
/// each a list of module names ("os, subprocess"). A pack's [policy] replaces it for that
/// exercise's Check. No environment variable: a teaching aid is the teacher's setting, and
/// `sandpit run` has --warn-import and --block-import.
struct PolicySettings {
    static QString warnKey();
    static QString blockKey();

    /// A bad name is an error naming the setting, as EngineSettings::load says it.
    static std::expected<ImportPolicy, QString> load(const QSettings &settings);
    /// Writes the lists; an empty one is no setting.
    static void save(const ImportPolicy &policy, QSettings &settings);
    /// Why `text` is no good for `key` (after the setting's name); nothing when it is good or
    /// the key is not one of these.
    static std::optional<QString> problemWith(const QString &key, const QString &text);
};

} // namespace Sandpit::Core
