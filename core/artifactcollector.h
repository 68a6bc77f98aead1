#pragma once

#include "runresult.h"

#include <QList>
#include <QString>

namespace Sandpit::Core {

/// Lists what a program left under its output folder. It never follows a symlink and skips
/// files with more than one hard link: either could point at a file of the user's, and the
/// artifact list must only ever show what the program itself wrote.
class ArtifactCollector final
{
public:
    static constexpr int kMaxFiles = 1000;

    struct Collection {
        QList<Artifact> artifacts;
        int skippedLinks = 0;
        bool truncated = false; ///< more than kMaxFiles files
    };

    static Collection collect(const QString &outputDir);
};

} // namespace Sandpit::Core
