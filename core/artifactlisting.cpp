#include "artifactlisting.h"

#include <QMimeDatabase>

namespace Sandpit::Core {

ArtifactListing parseArtifactListing(const QByteArray &data)
{
    ArtifactListing listing;
    const QMimeDatabase mimeDatabase;
    for (const QByteArray &line : data.split('\n')) {
        if (line == "+") {
            listing.more = true;
            continue;
        }
        const qsizetype tab = line.indexOf('\t');
        if (tab <= 0)
            continue;
        bool isNumber = false;
        Artifact artifact;
        artifact.size = line.left(tab).toLongLong(&isNumber);
        artifact.path = QString::fromUtf8(line.mid(tab + 1));
        if (!isNumber || artifact.path.isEmpty())
            continue;
        // By name only: the file is inside the sandbox, and may not be complete yet.
        artifact.mimeType = mimeDatabase.mimeTypeForFile(artifact.path, QMimeDatabase::MatchExtension).name();
        listing.artifacts << artifact;
    }
    std::sort(listing.artifacts.begin(), listing.artifacts.end(),
              [](const Artifact &a, const Artifact &b) { return a.path < b.path; });
    return listing;
}

} // namespace Sandpit::Core
