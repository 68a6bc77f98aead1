#pragma once

#include <QString>

namespace Sandpit::Core {

/// What makes `path` a place another user could steer, or an empty string when nothing does.
/// Every folder on the way, as written and as its links resolve, must belong to this user or
/// to root, and no other user may write to it (but for a root-owned sticky folder such as
/// /tmp, where they cannot rename what is ours); a link must be this user's or root's. Parts
/// not made yet are not looked at: check again once they are.
QString folderPathProblem(const QString &path);

} // namespace Sandpit::Core
