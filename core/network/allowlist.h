#pragma once

#include "model/runerror.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// One destination a run may reach through Sandpit's proxy: `host:port`. The host is a name
/// ("pypi.org"), an IPv4 address, an IPv6 address in brackets ("[::1]:8080"), or `*.example.org`,
/// which matches any name below example.org but not example.org itself (list both when both are
/// meant). Names compare without case and without a trailing dot. The port is 1 to 65535; there
/// is no "any port".
struct AllowedDestination {
    QString host; ///< lower case, without brackets or a trailing dot; "*.example.org" for a pattern
    quint16 port = 0;

    bool isPattern() const { return host.startsWith(QLatin1String("*.")); }
    bool matches(const QString &host, quint16 port) const;
    QString text() const; ///< as the user writes it: "pypi.org:443", "[::1]:8080"

    friend bool operator==(const AllowedDestination &, const AllowedDestination &) = default;
};

/// Reads one entry, such as "pypi.org:443" or "*.example.org:80". Spaces around it are ignored.
/// The error (BadRequest) is a sentence that quotes the entry and says what a good one looks like.
Expected<AllowedDestination> parseAllowedDestination(const QString &text);

/// Reads a list of entries (a setting, `--allow-net`, a pack's `[network] allow`); empty entries
/// are skipped. The first bad entry is the error. An empty list means no network at all.
Expected<QList<AllowedDestination>> parseAllowList(const QStringList &entries);

/// The entries as text, for settings and messages.
QStringList allowListText(const QList<AllowedDestination> &list);

/// Whether any entry of `list` matches. An empty list allows nothing.
bool isAllowed(const QList<AllowedDestination> &list, const QString &host, quint16 port);

/// One attempt a run made to reach somewhere through the proxy, allowed or denied, in the order
/// they came. `host` is as the program asked for it (a name or an address).
struct NetworkAttempt {
    QString host;
    quint16 port = 0;
    bool allowed = false;
    /// Made by the setup step installing packages from the package index (SetupJob), not by
    /// the program.
    bool install = false;
    /// Allowed, but the destination could not be reached, in a few plain words ("refused",
    /// "no such host", "timed out"); empty when it was reached, or denied.
    QString failure = {};
    /// Allowed, and neither connected nor failed yet when the list was read: the proxy records
    /// an attempt when it decides, since a destination that never answers keeps it waiting
    /// for longer than a run may last.
    bool pending = false;

    /// Allowed and connected: the program reached the destination.
    bool reached() const { return allowed && !pending && failure.isEmpty(); }
    /// "connected", "failed", "pending" or "denied", as `sandbox logs --network` and the JSON
    /// spell it.
    QString outcomeId() const;

    friend bool operator==(const NetworkAttempt &, const NetworkAttempt &) = default;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::AllowedDestination)
Q_DECLARE_METATYPE(Sandpit::Core::NetworkAttempt)
