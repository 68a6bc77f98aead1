#include "files/artifactcollector.h"

#include "engine/logging.h"
#include "base/filedescriptor.h"

#include <QDir>
#include <QFile>
#include <QMimeDatabase>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace Sandpit::Core {

namespace {

constexpr qint64 kSniffBytes = 4096;
constexpr int kMaxDepth = 32;
constexpr const char *kOutputFolder = "output";
constexpr const char *kOutputPrefix = "output/";

class Walk
{
public:
    Walk(ArtifactCollector::Collection &out, const WorkspaceBaseline &baseline, QString keptDir, qint64 maxBytes)
        : m_out(out)
        , m_baseline(baseline)
        , m_keptDir(std::move(keptDir))
        , m_maxBytes(maxBytes)
    {
    }

    /// Lists (and copies) what `dirFd` holds; `prefix` is its path below the working folder.
    void folder(int dirFd, const QString &prefix, int depth = 0)
    {
        DIR *dir = ::fdopendir(dirFd); // takes dirFd over
        if (!dir) {
            ::close(dirFd);
            return;
        }
        while (const dirent *entry = ::readdir(dir)) {
            const QByteArray name(entry->d_name);
            if (name == "." || name == "..")
                continue;
            if (m_out.found >= ArtifactCollector::kMaxCounted)
                break;
            struct stat st { };
            if (::fstatat(::dirfd(dir), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            const QString path = prefix + QFile::decodeName(name);
            if (!ArtifactCollector::isTheProgramsPlace(path))
                continue;
            if (S_ISDIR(st.st_mode)) {
                // Each level holds a descriptor open: a folder nested thousands deep must not
                // use them all up.
                if (depth >= kMaxDepth)
                    continue;
                const int sub
                    = ::openat(::dirfd(dir), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (sub >= 0)
                    folder(sub, path + QLatin1Char('/'), depth + 1);
            } else if (!S_ISREG(st.st_mode) || st.st_nlink > 1) {
                ++m_out.skippedLinks;
            } else {
                file(::dirfd(dir), name, path);
            }
        }
        ::closedir(dir);
    }

private:
    void file(int dirFd, const QByteArray &name, const QString &path)
    {
        // O_NONBLOCK: a FIFO swapped in after the fstatat must not hang the worker.
        FileDescriptor fd(::openat(dirFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
        struct stat st { };
        if (!fd.isValid() || ::fstat(fd.get(), &st) != 0)
            return;
        // Checked again on what was opened: the entry could have changed since it was listed.
        if (!S_ISREG(st.st_mode) || st.st_nlink > 1) {
            ++m_out.skippedLinks;
            return;
        }
        if (m_baseline.isUnchanged(path, fd.get(), st.st_size))
            return; // Sandpit put it there, and the program left it as it was
        ++m_out.found;
        if (m_out.artifacts.size() >= ArtifactCollector::kMaxFiles) {
            m_out.truncated = true;
            return;
        }
        Artifact artifact;
        artifact.inOutput = path.startsWith(QLatin1String(kOutputPrefix));
        artifact.path = artifact.inOutput ? path.mid(qsizetype(std::strlen(kOutputPrefix))) : path;
        artifact.size = st.st_size;
        QByteArray head(int(std::min<qint64>(kSniffBytes, st.st_size)), Qt::Uninitialized);
        const ssize_t got = head.isEmpty() ? 0 : ::pread(fd.get(), head.data(), size_t(head.size()), 0);
        head.truncate(int(std::max<ssize_t>(got, 0)));
        artifact.mimeType = m_mimeDatabase.mimeTypeForFileNameAndData(QFile::decodeName(name), head).name();
        if (!m_keptDir.isEmpty() && m_out.byteCap == 0) {
            if (m_keptBytes + st.st_size > m_maxBytes)
                m_out.byteCap = m_maxBytes; // the rest is listed, not kept
            else
                artifact.kept = copy(fd.get(), st.st_size, path);
        }
        m_out.artifacts << artifact;
    }

    bool copy(int from, qint64 size, const QString &path)
    {
        const QString target = m_keptDir + QLatin1Char('/') + path;
        if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            return false;
        FileDescriptor to(
            ::open(QFile::encodeName(target).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
        if (!to.isValid())
            return false;
        char buffer[64 * 1024];
        qint64 copied = 0;
        // Never more than it had when listed: the caps hold even if the file were to grow.
        while (copied < size) {
            const ssize_t n = ::pread(from, buffer, size_t(std::min<qint64>(sizeof buffer, size - copied)), copied);
            if (n <= 0)
                break;
            if (::write(to.get(), buffer, size_t(n)) != n) {
                qCWarning(lcEngine) << "could not keep artifact" << path;
                ::unlink(QFile::encodeName(target).constData());
                return false;
            }
            copied += n;
        }
        m_keptBytes += copied;
        return true;
    }

    ArtifactCollector::Collection &m_out;
    const WorkspaceBaseline &m_baseline;
    const QString m_keptDir;
    const qint64 m_maxBytes;
    qint64 m_keptBytes = 0;
    const QMimeDatabase m_mimeDatabase;
};

} // namespace

// Outside output/, dot-files and dot-folders (HOME is the working folder, so matplotlib's font
// cache lands in .cache/; Sandpit's own .sandpit-run and .sandpit-kept are there too) and
// __pycache__ are what tools keep for themselves, not files a learner wrote. Inside output/
// everything is the program's, as it always was.
bool ArtifactCollector::isTheProgramsPlace(QStringView workPath)
{
    if (workPath.startsWith(QLatin1String(kOutputPrefix)) || workPath == QLatin1String(kOutputFolder))
        return true;
    for (const QStringView part : QStringTokenizer(workPath, QLatin1Char('/'))) {
        if (part.startsWith(QLatin1Char('.')) || part == QLatin1String("__pycache__"))
            return false;
    }
    return true;
}

ArtifactCollector::Collection ArtifactCollector::collect(const QString &workDir, const WorkspaceBaseline &baseline,
                                                         const ArtifactKeeping &keep)
{
    Collection out;
    const int root = ::open(QFile::encodeName(workDir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (root < 0)
        return out;
    const QString keptDir = keep.store ? keep.store->begin(keep.ticket) : QString();
    Walk(out, baseline, keptDir, keep.store ? keep.store->maxBytes() : 0).folder(root, QString());
    // output/ first, where a program is meant to put what it makes; then the rest.
    std::sort(out.artifacts.begin(), out.artifacts.end(), [](const Artifact &a, const Artifact &b) {
        return std::pair(!a.inOutput, a.path) < std::pair(!b.inOutput, b.path);
    });
    if (!keptDir.isEmpty()) {
        if (keep.store->commit(keep.ticket)) {
            out.keptDir = keptDir;
        } else {
            for (Artifact &artifact : out.artifacts)
                artifact.kept = false;
        }
    }
    return out;
}

void ArtifactCollector::Collection::applyTo(RunResult &result) const
{
    result.artifacts = artifacts;
    result.artifactsDir = keptDir;
    result.artifactsFound = found;
    result.artifactsByteCap = byteCap;
}

} // namespace Sandpit::Core
