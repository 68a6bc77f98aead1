#include "artifactcollector.h"

#include <QDir>
#include <QDirIterator>
#include <QMimeDatabase>

#include <sys/stat.h>

namespace Sandpit::Core {

ArtifactCollector::Collection ArtifactCollector::collect(const QString &outputDir)
{
    Collection out;
    const QDir base(outputDir);
    const QMimeDatabase mimeDatabase;
    // No FollowSymlinks: symlinked folders are not entered; symlinked files are seen (System)
    // only so they can be counted as skipped.
    QDirIterator it(outputDir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        struct stat st {};
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        if (!S_ISREG(st.st_mode) || st.st_nlink > 1) {
            ++out.skippedLinks;
            continue;
        }
        if (out.artifacts.size() >= kMaxFiles) {
            out.truncated = true;
            break;
        }
        Artifact artifact;
        artifact.path = base.relativeFilePath(path);
        artifact.size = st.st_size;
        artifact.mimeType = mimeDatabase.mimeTypeForFile(path).name();
        out.artifacts << artifact;
    }
    std::sort(out.artifacts.begin(), out.artifacts.end(),
              [](const Artifact &a, const Artifact &b) { return a.path < b.path; });
    return out;
}

} // namespace Sandpit::Core
