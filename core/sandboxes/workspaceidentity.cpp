#include "sandboxes/workspaceidentity.h"

#include "base/filedescriptor.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {

// Opens `path` one component at a time, none of them followed if it is a link: O_NOFOLLOW
// with O_DIRECTORY fails on a link (ENOTDIR, or ELOOP) instead of opening what it leads to.
// O_PATH needs no read permission on the folders on the way.
FileDescriptor openWithoutLinks(const QString &path)
{
    if (!path.startsWith(QLatin1Char('/')))
        return FileDescriptor(-1);
    FileDescriptor at(::open("/", O_PATH | O_DIRECTORY | O_CLOEXEC));
    for (const QString &part : path.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (!at.isValid() || part == QLatin1String("..") || part == QLatin1String("."))
            return FileDescriptor(-1);
        at = FileDescriptor(
            ::openat(at.get(), QFile::encodeName(part).constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    }
    return at;
}

Expected<struct stat> statWithoutLinks(const QString &path)
{
    const FileDescriptor folder = openWithoutLinks(path);
    struct stat st { };
    if (!folder.isValid() || ::fstat(folder.get(), &st) != 0 || !S_ISDIR(st.st_mode))
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 is no longer a folder reached without links (a link now "
                                        "stands on its path, or it is gone); Sandpit will not bind it. Remove the "
                                        "sandbox and create it again with the folder you mean.")
                             .arg(path));
    return st;
}

} // namespace

Expected<WorkspaceIdentity> WorkspaceIdentity::of(const QString &workspace)
{
    const QString canonical = QFileInfo(workspace).canonicalFilePath();
    if (canonical.isEmpty())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 is not a folder.").arg(workspace));
    const auto st = statWithoutLinks(canonical);
    if (!st)
        return std::unexpected(st.error());
    return WorkspaceIdentity{
        .path = canonical, .device = static_cast<quint64>(st->st_dev), .inode = static_cast<quint64>(st->st_ino)};
}

Expected<WorkspaceIdentity> WorkspaceIdentity::pin(SandboxSpec &spec)
{
    if (spec.workspace.isEmpty())
        return WorkspaceIdentity{};
    auto identified = of(spec.workspace);
    if (identified)
        spec.workspace = identified->path;
    return identified;
}

Expected<void> WorkspaceIdentity::checkUnchanged() const
{
    const auto st = statWithoutLinks(path);
    if (!st)
        return std::unexpected(st.error());
    if (isRecorded() && (static_cast<quint64>(st->st_dev) != device || static_cast<quint64>(st->st_ino) != inode))
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 is no longer the folder the sandbox was created with (it "
                                        "was replaced since); Sandpit will not bind it. Remove the sandbox and "
                                        "create it again with the folder you mean.")
                             .arg(path));
    if (!isRecorded() && st->st_uid != ::getuid())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The sandbox was created before Sandpit kept which folder its workspace %1 "
                                        "is, and that folder is not this user's own; Sandpit will not bind it. "
                                        "Remove the sandbox and create it again.")
                             .arg(path));
    return {};
}

} // namespace Sandpit::Core
