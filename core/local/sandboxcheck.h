#pragma once

#include "model/runresult.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace Sandpit::Core {

/// One protection of the local sandbox, as `sandpit doctor` lists it.
struct Protection {
    QString name;  ///< a stable id: "user-namespace", "seccomp-filter", …
    QString label; ///< for people: "User namespace"
    bool present = false;
    QString detail; ///< what the probe found
    QString fix;    ///< what would give it, when missing; empty when present
};

/// What this computer does to user namespaces, read from /proc/sys: where the kernel refuses
/// one, these say why and so which fix is the true one.
struct UsernsPolicy {
    QString appArmorRestrict;  ///< kernel.apparmor_restrict_unprivileged_userns: "1", "0", or empty (absent)
    QString unprivilegedClone; ///< kernel.unprivileged_userns_clone (Debian's older kernels), or empty
    QString maxUserNamespaces; ///< user.max_user_namespaces, or empty

    static UsernsPolicy read();
};

/// What a run in the local sandbox gets on this computer now, from a real run (IsolationProbe).
struct LocalSandboxCheck {
    /// The level the sandbox reached; None also when the probe could not run (see error).
    IsolationReport::Level level = IsolationReport::Level::None;
    QList<Protection> protections;
    /// Empty when the probe ran; otherwise why it could not (no helper, no /bin/sh).
    QString error;
    /// Why the helper stepped down from full isolation, in its words; empty at full.
    QStringList refusals;
};

/// The probe program's view from inside (see IsolationProbe), and what the helper reported,
/// turned into the list of protections with a true fix for each missing one.
LocalSandboxCheck readSandboxCheck(const RunResult &result, const QByteArray &inside, const UsernsPolicy &policy);

} // namespace Sandpit::Core

// Declared with the type, so every file that passes it through a queued signal sees it.
Q_DECLARE_METATYPE(Sandpit::Core::LocalSandboxCheck)
