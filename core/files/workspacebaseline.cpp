#include "files/workspacebaseline.h"

#include "base/filedescriptor.h"
#include "files/workspacebudget.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>

#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
// Qt's seeded hash, not a cryptographic one: SHA-256 took 0.2 s for a 40 MB attached data set,
// twice a run, where this takes a few milliseconds. The seed is this baseline's secret, and a
// collision would anyway only hide a file the program changed from its own list; nothing is
// trusted on the strength of it.
constexpr qsizetype kPiece = 64 * 1024;

size_t digestOf(QByteArrayView content, size_t seed)
{
    return qHashBits(content.data(), size_t(content.size()), seed);
}

std::optional<size_t> digestOf(int fd, qint64 size, size_t seed)
{
    QByteArray buffer(kPiece, Qt::Uninitialized);
    size_t digest = seed;
    for (qint64 done = 0; done < size;) {
        // Whole pieces, however the reads come: the digest depends on where the pieces end.
        const qint64 piece = std::min<qint64>(kPiece, size - done);
        for (qint64 got = 0; got < piece;) {
            const ssize_t n = ::pread(fd, buffer.data() + got, size_t(piece - got), done + got);
            if (n <= 0)
                return std::nullopt; // shorter than it said: not what Sandpit wrote
            got += n;
        }
        digest = digestOf(QByteArrayView(buffer.constData(), piece), digest);
        done += piece;
    }
    return digest;
}

} // namespace

WorkspaceBaseline WorkspaceBaseline::of(const QString &workDir)
{
    WorkspaceBaseline baseline;
    baseline.m_seed = size_t(QRandomGenerator::system()->generate64());
    const QDir root(workDir);
    // Sandpit filled this folder a moment ago and no program has run in it yet, so a plain
    // walk is safe; links are left out all the same, as the collector never follows one.
    QDirIterator it(workDir, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext() && baseline.m_files.size() < kWorkspaceInodes) {
        const QString path = it.next();
        FileDescriptor fd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
        const qint64 size = it.fileInfo().size();
        if (!fd.isValid())
            continue;
        if (const auto digest = digestOf(fd.get(), size, baseline.m_seed))
            baseline.m_files.insert(root.relativeFilePath(path), Entry{size, *digest});
    }
    return baseline;
}

const WorkspaceBaseline::Entry *WorkspaceBaseline::find(const QString &path, qint64 size) const
{
    const auto it = m_files.constFind(path);
    return it != m_files.cend() && it->size == size ? &*it : nullptr;
}

bool WorkspaceBaseline::isUnchanged(const QString &path, int fd, qint64 size) const
{
    const Entry *entry = find(path, size);
    return entry && digestOf(fd, size, m_seed) == entry->digest;
}

bool WorkspaceBaseline::isUnchanged(const QString &path, QByteArrayView content) const
{
    const Entry *entry = find(path, content.size());
    if (!entry)
        return false;
    // In the pieces the file is read in, as the seeded hash is chained piece by piece.
    size_t digest = m_seed;
    for (qsizetype done = 0; done < content.size(); done += kPiece)
        digest = digestOf(content.sliced(done, std::min<qsizetype>(kPiece, content.size() - done)), digest);
    return digest == entry->digest;
}

} // namespace Sandpit::Core
