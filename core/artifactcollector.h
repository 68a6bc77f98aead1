#pragma once

#include "artifactstore.h"
#include "runresult.h"

#include <QList>
#include <QString>

namespace Sandpit::Core {

/// Lists what a program left under its output folder and, given a store, copies it there
/// before the workspace is removed. It never follows a symlink (each folder and file is opened
/// relative to its parent with O_NOFOLLOW) and skips files with more than one hard link:
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
        int found = 0;          ///< regular files seen, up to kMaxCounted
        int skippedLinks = 0;
        bool truncated = false; ///< more than kMaxFiles files
        QString keptDir;        ///< where the copies are; empty when nothing was kept
        qint64 byteCap = 0;     ///< non-zero: copying stopped at this many bytes

        /// Puts the list, and where the copies are, into `result`.
        void applyTo(RunResult &result) const;
    };

    static Collection collect(const QString &outputDir, const ArtifactKeeping &keep = {});
};

} // namespace Sandpit::Core
