#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

#include <cstddef>

namespace Sandpit::Core {

/// What Sandpit itself put in a run's working folder before the program started: the sources,
/// the attached input files, a kept workspace's files and, for a compiled language, what the
/// compiler built. Each regular file's path and a digest of its content. A file the program
/// left exactly as it was is Sandpit's, not one of the program's files; one it changed is.
class WorkspaceBaseline final
{
public:
    /// Sandpit's files in `workDir`, as populated: call it before the program runs.
    static WorkspaceBaseline of(const QString &workDir);

    /// True when `path` (relative to the working folder) is one of Sandpit's files and `fd`,
    /// the open file now at that path, still holds exactly what Sandpit put there.
    bool isUnchanged(const QString &path, int fd, qint64 size) const;
    /// The same for a file's content in memory (as it comes out of a container's archive).
    bool isUnchanged(const QString &path, QByteArrayView content) const;
    /// True when `path` is one of Sandpit's files and still has its size: all that can be told
    /// of a file still inside a running sandbox.
    bool mayBeUnchanged(const QString &path, qint64 size) const { return find(path, size) != nullptr; }
    int size() const { return int(m_files.size()); }

private:
    struct Entry {
        qint64 size = 0;
        size_t digest = 0;
    };
    /// An Entry of Sandpit's at `path` of `size` bytes: only those need a digest.
    const Entry *find(const QString &path, qint64 size) const;

    QHash<QString, Entry> m_files;
    size_t m_seed = 0; ///< each baseline's own, so a program cannot aim at a collision
};

} // namespace Sandpit::Core
