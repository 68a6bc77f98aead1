#include "docker/dockersandboxfolder.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>

namespace Sandpit::Core {

DockerSandboxFolder::DockerSandboxFolder(const QString &name, const QProcessEnvironment &environment)
{
    QString state = environment.value(QStringLiteral("XDG_STATE_HOME"));
    if (state.isEmpty())
        state = environment.value(QStringLiteral("HOME"), QDir::homePath()) + QStringLiteral("/.local/state");
    m_root = state + QStringLiteral("/sandpit/sandboxes/docker/") + name;
}

RunError DockerSandboxFolder::nameTaken(const QString &name)
{
    return {RunError::Code::BadRequest,
            QStringLiteral("A sandbox named %1 exists already; remove it with `sandpit sandbox rm %1`, or choose "
                           "another name.")
                .arg(name),
            {}};
}

Expected<FileDescriptor> DockerSandboxFolder::claim() const
{
    const auto failed = [this](const char *what) {
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not %1 the sandbox's folder %2: %3.")
                                                          .arg(QLatin1String(what), m_root, qt_error_string(errno)));
    };
    if (!QDir().mkpath(m_root))
        return failed("make");
    FileDescriptor lock(
        ::open(QFile::encodeName(m_root + QStringLiteral("/.create")).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600));
    if (!lock.isValid())
        return failed("lock");
    // flock, not a lock file's existence: the kernel lets go of it when a create crashes.
    if (::flock(lock.get(), LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK)
            return std::unexpected(nameTaken(QDir(m_root).dirName()));
        return failed("lock");
    }
    return lock;
}

Expected<void> DockerSandboxFolder::prepare(const QString &syscallFilter) const
{
    const auto failed = [this](const QString &what) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not %1 in the sandbox's folder %2.").arg(what, m_root));
    };
    // The container's user is not the host's: it must be able to enter the control folder
    // and run what is in it (the folder's own mode is what the bind shows).
    if (!QDir().mkpath(control()) || !QFile::setPermissions(control(), QFileDevice::Permissions(0x7755)))
        return failed(QStringLiteral("make the control folder"));
    const QString filter = control() + QStringLiteral("/seccomp");
    QFile::remove(filter);
    // A copy, not a link: the installed program may be replaced by an upgrade while the
    // sandbox lives on, and the sandbox must keep the filter it was created with.
    if (!QFile::copy(syscallFilter, filter) || !QFile::setPermissions(filter, QFileDevice::Permissions(0x7755)))
        return failed(QStringLiteral("copy sandpit-seccomp (%1)").arg(syscallFilter));
    return {};
}

void DockerSandboxFolder::markStopped(bool stopped) const
{
    if (!stopped) {
        QFile::remove(stoppedMarker());
        return;
    }
    QFile marker(stoppedMarker());
    if (marker.open(QIODevice::WriteOnly))
        marker.close();
}

bool DockerSandboxFolder::wasStopped() const
{
    return QFile::exists(stoppedMarker());
}

void DockerSandboxFolder::remove() const
{
    QDir(m_root).removeRecursively();
}

} // namespace Sandpit::Core
