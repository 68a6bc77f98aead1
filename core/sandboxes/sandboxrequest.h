#pragma once

#include "model/runrequest.h"

namespace Sandpit::Core {

/// A command in the named sandbox `name` (on `backend`): the sandbox's own limits hold, and a
/// command in it is not timed out or cut off, as in a terminal. `sandpit sandbox exec` and
/// the window's terminal into a sandbox make their requests here.
RunRequest sandboxCommandRequest(const QString &name, const QString &backend, const QStringList &command);

/// An interactive shell in the sandbox on a terminal of `size`: bash where the image has it,
/// else sh (Alpine, busybox).
RunRequest sandboxShellRequest(const QString &name, const QString &backend, const TerminalSize &size);

} // namespace Sandpit::Core
