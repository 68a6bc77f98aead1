#pragma once

#include "files/artifactstore.h"
#include "files/workspacebaseline.h"
#include "model/runresult.h"

#include <QList>
#include <QString>

namespace Sandpit::Core {

/// Lists the files a program created or changed in its working folder (output/ and anywhere
/// else in it) and, given a store, copies them there before the workspace is removed. Sandpit's
/// own files left as they were (the baseline) are not the program's, nor are the caches tools
/// make on their own outside output/. It never follows a symlink (each folder and file is
/// opened relative to its parent with O_NOFOLLOW) and skips files with more than one hard link:
/// either could point at a file of the user's, and the list and the copies must only ever be
/// what the program itself wrote.
class ArtifactCollector final
{
public:
    static constexpr int kMaxFiles = 1000;
    /// Files past this many are not even counted: "more than".
    static constexpr int kMaxCounted = 100000;

    struct Collection {
        QList<Artifact> artifacts;
        int found = 0; ///< regular files seen, up to kMaxCounted
        int skippedLinks = 0;
        bool truncated = false; ///< more than kMaxFiles files
        QString keptDir;        ///< where the copies are; empty when nothing was kept
        qint64 byteCap = 0;     ///< non-zero: copying stopped at this many bytes

        /// Puts the list, and where the copies are, into `result`.
        void applyTo(RunResult &result) const;
    };

    /// `workDir` is the run's working folder as the program left it, `baseline` what Sandpit
    /// put there before it ran.
    static Collection collect(const QString &workDir, const WorkspaceBaseline &baseline,
                              const ArtifactKeeping &keep = {});
    /// False for a path below the working folder where tools, not the program's author, keep
    /// files (".cache/", "__pycache__/", Sandpit's own ".sandpit-run/"): never listed.
    static bool isTheProgramsPlace(QStringView workPath);
};

} // namespace Sandpit::Core
