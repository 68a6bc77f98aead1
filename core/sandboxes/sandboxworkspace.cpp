#include "sandboxes/sandboxworkspace.h"

#include <QFileInfo>

#include <unistd.h>

namespace Sandpit::Core {

Expected<void> checkSandboxWorkspace(const QString &workspace)
{
    if (workspace.isEmpty())
        return {};
    const QFileInfo folder(workspace);
    if (!folder.isDir())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The workspace %1 is not a folder.").arg(workspace));
    constexpr auto everyone = QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;
    constexpr auto owner = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;
    const bool nobodys = folder.ownerId() == kSandboxNobody && (folder.permissions() & owner) == owner;
    if (::getuid() != 0 || nobodys || (folder.permissions() & everyone) == everyone)
        return {};
    return makeError(RunError::Code::BadRequest,
                     QStringLiteral("Sandpit runs as root, so the sandbox runs as the user nobody, who cannot use %1: "
                                    "give the folder to nobody (chown 65534 %1) or leave out --workspace.")
                         .arg(workspace));
}

} // namespace Sandpit::Core
