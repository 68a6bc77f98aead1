#pragma once

#include "model/runerror.h"

#include <QStringList>

namespace Sandpit::Core {

/// RunRequest::command as the helper execs it (execve, no PATH search): its program found as
/// an absolute path in `searchPath`, the same system folders the sandbox shows. A program that
/// is not there is MissingToolchain, with `installHint` (the language's) as the fix.
Expected<QStringList> resolveLocalCommand(const QStringList &command, const QStringList &searchPath,
                                          const QString &installHint);

} // namespace Sandpit::Core
