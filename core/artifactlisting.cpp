#include "artifactlisting.h"

#include <QMimeDatabase>

namespace Sandpit::Core {

ArtifactListing listingByName(QList<Artifact> files, bool more)
{
    const QMimeDatabase mimeDatabase;
    for (Artifact &artifact : files) {
        // By name only: the file is inside the sandbox, and may not be complete yet.
        artifact.mimeType = mimeDatabase.mimeTypeForFile(artifact.path, QMimeDatabase::MatchExtension).name();
    }
    std::sort(files.begin(), files.end(), [](const Artifact &a, const Artifact &b) { return a.path < b.path; });
    return {files, more};
}

ArtifactListing parseArtifactListing(const QByteArray &data)
{
    QList<Artifact> files;
    bool more = false;
    for (const QByteArray &line : data.split('\n')) {
        if (line == "+") {
            more = true;
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
        files << artifact;
    }
    return listingByName(std::move(files), more);
}

} // namespace Sandpit::Core
