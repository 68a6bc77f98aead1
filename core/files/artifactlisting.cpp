#include "files/artifactlisting.h"

#include "files/artifactcollector.h"

#include <QMimeDatabase>

namespace Sandpit::Core {

ArtifactListing listingByName(QList<Artifact> files, bool more)
{
    const QMimeDatabase mimeDatabase;
    for (Artifact &artifact : files) {
        // By name only: the file is inside the sandbox, and may not be complete yet.
        artifact.mimeType = mimeDatabase.mimeTypeForFile(artifact.path, QMimeDatabase::MatchExtension).name();
    }
    // As ArtifactCollector orders them: output/ first.
    std::sort(files.begin(), files.end(), [](const Artifact &a, const Artifact &b) {
        return std::pair(!a.inOutput, a.path) < std::pair(!b.inOutput, b.path);
    });
    return {files, more};
}

ArtifactListing programsFiles(const ArtifactListing &workListing, const WorkspaceBaseline &baseline)
{
    static const QString output = QStringLiteral("output/");
    QList<Artifact> files;
    for (Artifact artifact : workListing.artifacts) {
        if (!ArtifactCollector::isTheProgramsPlace(artifact.path)
            || baseline.mayBeUnchanged(artifact.path, artifact.size))
            continue;
        artifact.inOutput = artifact.path.startsWith(output);
        if (artifact.inOutput)
            artifact.path.remove(0, output.size());
        files << artifact;
    }
    return listingByName(std::move(files), workListing.more);
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
