#include "workspacebaseline.h"

#include "filedescriptor.h"
#include "workspacebudget.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>

#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
// A collision would only hide a file the program changed from its own list; nothing is
// trusted on the strength of it.
constexpr auto kAlgorithm = QCryptographicHash::Sha256;

QByteArray digestOf(int fd, qint64 size)
{
    QCryptographicHash hash(kAlgorithm);
    char buffer[64 * 1024];
    qint64 done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, buffer, size_t(std::min<qint64>(sizeof buffer, size - done)), done);
        if (n <= 0)
            return {}; // shorter than it said: not what Sandpit wrote
        hash.addData(QByteArrayView(buffer, n));
        done += n;
    }
    return hash.result();
}
} // namespace

WorkspaceBaseline WorkspaceBaseline::of(const QString &workDir)
{
    WorkspaceBaseline baseline;
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
        baseline.m_files.insert(root.relativeFilePath(path), Entry{size, digestOf(fd.get(), size)});
    }
    return baseline;
}

const WorkspaceBaseline::Entry *WorkspaceBaseline::find(const QString &path, qint64 size) const
{
    const auto it = m_files.constFind(path);
    return it != m_files.cend() && it->size == size && !it->digest.isEmpty() ? &*it : nullptr;
}

bool WorkspaceBaseline::isUnchanged(const QString &path, int fd, qint64 size) const
{
    const Entry *entry = find(path, size);
    return entry && digestOf(fd, size) == entry->digest;
}

bool WorkspaceBaseline::isUnchanged(const QString &path, QByteArrayView content) const
{
    const Entry *entry = find(path, content.size());
    return entry && QCryptographicHash::hash(content, kAlgorithm) == entry->digest;
}

} // namespace Sandpit::Core
