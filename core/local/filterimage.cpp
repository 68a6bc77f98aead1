#include "local/filterimage.h"

#include <QProcess>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
// Far beyond the few milliseconds it takes: only a helper that hangs gets here.
constexpr int kCompileTimeoutMs = 10000;

Expected<FileDescriptor> sealedMemfd(const QByteArray &image)
{
    FileDescriptor fd(memfd_create("sandpit-seccomp", MFD_CLOEXEC | MFD_ALLOW_SEALING));
    if (!fd.isValid())
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not make a memfd: %1.").arg(errno));
    qsizetype written = 0;
    while (written < image.size()) {
        const ssize_t n = ::write(fd.get(), image.constData() + written, size_t(image.size() - written));
        if (n <= 0)
            return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not fill the memfd."));
        written += n;
    }
    if (fcntl(fd.get(), F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0)
        return makeError(RunError::Code::SetupFailed, QStringLiteral("Could not seal the memfd: %1.").arg(errno));
    return fd;
}
} // namespace

Expected<FilterImage> FilterImage::compile(const QString &helperPath)
{
    QProcess helper;
    helper.start(helperPath, {QStringLiteral("--export-seccomp")}, QIODevice::ReadOnly);
    if (!helper.waitForFinished(kCompileTimeoutMs) || helper.exitStatus() != QProcess::NormalExit
        || helper.exitCode() != 0) {
        helper.kill();
        helper.waitForFinished();
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("sandpit-helper could not compile the system-call filter: %1")
                             .arg(QString::fromUtf8(helper.readAllStandardError()).trimmed()));
    }
    auto fd = sealedMemfd(helper.readAllStandardOutput());
    if (!fd)
        return std::unexpected(fd.error());
    return FilterImage(std::move(*fd));
}

} // namespace Sandpit::Core
