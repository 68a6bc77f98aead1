#pragma once

#include "model/runerror.h"
#include "sandboxes/sandboxstore.h"

#include <QString>

namespace Sandpit::Core {

/// A named sandbox's workspace as create found it: the folder's path with no link in it, and
/// the folder's device and inode. Start binds that path again, and a path can be made to lead
/// elsewhere after create (a sandbox with the parent folder as its /work can put a link where
/// the folder was), so start binds it only when it still leads to the same folder.
struct WorkspaceIdentity {
    QString path;
    quint64 device = 0; ///< 0 (with inode 0): not recorded, a sandbox made before this was kept
    quint64 inode = 0;

    bool isRecorded() const { return device != 0 || inode != 0; }

    /// At create: `workspace`'s canonical path and what is there.
    static Expected<WorkspaceIdentity> of(const QString &workspace);
    /// At create: of(spec.workspace), with spec.workspace made that canonical path; a spec
    /// without a workspace gets an empty identity.
    static Expected<WorkspaceIdentity> pin(SandboxSpec &spec);
    /// At start: the folder now at `path` (followed without any link), checked against the
    /// record. Without a record the folder must at least be a folder of this user's own.
    Expected<void> checkUnchanged() const;
};

} // namespace Sandpit::Core
