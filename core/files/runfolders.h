#pragma once

#include "model/runerror.h"

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// Where Sandpit makes the folders that live as long as one process: each run's workspace
/// (sandpit-run-*) and the window's kept artifacts (sandpit-artifacts-*). They hold learners'
/// sources and output, and a later Sandpit removes those of a process that was killed. In the
/// shared temporary folder another user could plant a folder by that name and have it used or
/// steer its removal; in a folder of our own, mode 0700, nobody else can put anything.
class RunFolders final
{
public:
    /// This user's folder for them, made if missing: $TMPDIR/sandpit-<uid>, which has the room
    /// of the temporary folder, or, should another user have taken that name first,
    /// $XDG_RUNTIME_DIR/sandpit. Checked through a descriptor after it is opened: a real
    /// folder (not a link), owned by us, mode 0700. An error, naming what to remove, when
    /// neither passes.
    static Expected<QString> parent();
    /// Removes the folders of Sandpit processes that are gone (killed before they could clean
    /// up), in this user's folders and, left by older versions, directly in $TMPDIR. Only
    /// folders this user owns, never through a link (see FolderRemoval). Returns how many were
    /// removed.
    static int removeAbandoned();
    /// The places parent() considers, in order.
    static QStringList candidates();
};

} // namespace Sandpit::Core
