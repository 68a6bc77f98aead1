#pragma once

#include "model/runerror.h"

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// A workspace that persists between runs (RunRequest::keptWorkspace): a folder on the user's
/// disk whose files are copied into each run's workspace, and which gets back what the run's
/// /work held when it ended. Copies, never binds: the local sandbox's /work is a tmpfs of its
/// own, and a Docker container's folder is made before anyone knows which run it is for.
class KeptWorkspace final
{
public:
    /// What a kept workspace may hold: as much as the sandbox's /work (a 64 MB tmpfs with
    /// 8192 inodes). A bigger folder is refused rather than half copied, since what was not
    /// copied in would look deleted when the run's files come back.
    static constexpr qint64 kMaxBytes = 64LL * 1024 * 1024;
    static constexpr qint64 kMaxEntries = 8000;
    /// Where sandpit-helper puts the copy of the whole /work inside the host workspace
    /// (--keep-work); made after the run, so the program never sees it.
    static constexpr const char *kHelperCopyName = ".sandpit-kept";

    /// Makes the folder if it is missing, and checks that what a run gets of it fits in /work.
    static Expected<void> prepare(const QString &folder);
    /// Copies the folder's regular files and subfolders (never a symlink, never version-control
    /// metadata) into `workDir`, each with its mode.
    static Expected<void> copyIn(const QString &folder, const QString &workDir);
    /// Makes `folder` hold what `runWork` holds: files are copied over, and files and folders
    /// the run no longer has are removed (symlinks, which were never copied in, are left).
    /// Names in `skip`, the build folder and the helper's copy are left out at the top (and
    /// left alone in `folder`); version-control metadata at any depth, both ways. A file gains
    /// no execute bit: one that was there keeps its mode, a new one has none. Nothing is
    /// removed when the copy fell short.
    static Expected<void> copyBack(const QString &runWork, const QString &folder, const QStringList &skip = {});
    /// True for the names of version-control metadata (.git, .hg, .svn; a folder, or .git as
    /// the file a git worktree has). They never go into a run nor come back: a program that
    /// could write .git/config or a hook would run commands the next time the user ran git.
    static bool isVersionControl(const QString &name);
    /// Empties the folder (it stays), all but its version-control metadata; the next run starts
    /// from a clean workspace.
    static Expected<void> reset(const QString &folder);
};

} // namespace Sandpit::Core
