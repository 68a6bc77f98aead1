#pragma once

#include <string>
#include <sys/types.h>

namespace Sandpit::Helper {

/// Started as root, the helper runs the program as nobody/nogroup (see init's
/// becomeSandboxUser): with root's own uid mapped, it would own every root-owned file on the
/// host.
inline constexpr uid_t kNobody = 65534;
inline constexpr gid_t kNoGroup = 65534;

/// Gives the host workspace to nobody, so that the program can read its sources and write
/// output/. `byHostPath`: the program has no mount namespace and opens its files by their host
/// paths, so nobody must also be able to pass through Sandpit's folders above the workspace.
void giveWorkspaceToSandboxUser(const std::string &workspace, bool byHostPath);

} // namespace Sandpit::Helper
