#pragma once

#include "model/runrequest.h"

namespace Sandpit::Core {
class LanguageRegistry;
struct EngineSettings;
} // namespace Sandpit::Core

namespace Sandpit::App {

/// A command in a named sandbox, through the ordinary engine (a RunRequest whose `sandbox` is
/// set), its output passed on as it comes. On a terminal (request.terminal), this terminal is
/// put in raw mode, what is typed goes to the sandbox's pty and window-size changes follow;
/// otherwise SIGINT and SIGTERM cancel the command (its process is killed, never the
/// sandbox). Prints the kill reason's sentence on stderr, as `sandpit run` does, and returns
/// the command's exit status (RunExitStatus).
int runInSandbox(const Core::RunRequest &request, const Core::EngineSettings &engine,
                 const Core::LanguageRegistry &languages);

} // namespace Sandpit::App
