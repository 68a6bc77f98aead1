#pragma once

#include "files/workspacebaseline.h"
#include "model/runresult.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>

namespace Sandpit::Core {

/// The files in a running program's output folder, as far as they are known so far: names,
/// sizes and types from the names. The files themselves may still be growing, and are only
/// kept (and previewed) once the run ends.
struct ArtifactListing {
    QList<Artifact> artifacts;
    bool more = false; ///< there were more files than the listing could carry
};

/// A listing of `files` (path and size), typed by their names: the files may be incomplete.
ArtifactListing listingByName(QList<Artifact> files, bool more);

/// Reads the helper's kArtifactsListed data: "SIZE\tPATH" lines, and "+" when there were more.
ArtifactListing parseArtifactListing(const QByteArray &data);

/// Of a listing of a running program's whole working folder (paths relative to it), the files
/// ArtifactCollector would list at the end: in the program's places, and not Sandpit's own
/// files at their old size (their content is in the sandbox, and may still change).
ArtifactListing programsFiles(const ArtifactListing &workListing, const WorkspaceBaseline &baseline);

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::ArtifactListing)
