#pragma once

#include "network/allowlist.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <expected>
#include <optional>

class QSettings;

namespace Sandpit::Core {

/// The hosts a run may reach through Sandpit's proxy: network/allow (SANDPIT_ALLOW_NET), entries
/// such as "pypi.org:443" separated by commas or lines. Unset or empty: no network, the default.
struct NetworkSettings {
    static QString allowKey();
    static QString allowVariable();

    /// Splits a setting's or an option's text into entries, at commas and line ends, so a list
    /// typed on one line and one pasted a host per line read the same.
    static QStringList entries(const QString &text);
    /// The text of a setting for `list`, as the dialog shows it: "pypi.org:443, [::1]:8080".
    static QString text(const QList<AllowedDestination> &list);

    /// Reads the setting, then the variable (its name goes to `overrides`). A bad entry is an
    /// error naming the setting or variable, then parseAllowedDestination's sentence.
    static std::expected<QList<AllowedDestination>, QString>
    load(const QSettings &settings, const QProcessEnvironment &environment, QStringList &overrides);
    /// Writes the list; an empty one is no setting, so the default (no network) applies.
    static void save(const QList<AllowedDestination> &list, QSettings &settings);
    /// Why `text` is no good for `key` (after the setting's name); nothing when it is good or
    /// the key is not this one.
    static std::optional<QString> problemWith(const QString &key, const QString &text);
};

} // namespace Sandpit::Core
