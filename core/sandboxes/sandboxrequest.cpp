#include "sandboxes/sandboxrequest.h"

namespace Sandpit::Core {

RunRequest sandboxCommandRequest(const QString &name, const QString &backend, const QStringList &command)
{
    RunRequest request;
    request.backend = backend;
    request.sandbox = name;
    request.command = command;
    request.limits.wallTimeMs = 0;
    request.limits.outputBytes = 0;
    request.keepOutputInResult = false;
    return request;
}

RunRequest sandboxShellRequest(const QString &name, const QString &backend, const TerminalSize &size)
{
    RunRequest request = sandboxCommandRequest(
        name, backend,
        {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
         QStringLiteral("if command -v bash >/dev/null 2>&1; then exec bash; else exec sh; fi")});
    request.terminal = size;
    request.keepStdinOpen = true;
    return request;
}

} // namespace Sandpit::Core
