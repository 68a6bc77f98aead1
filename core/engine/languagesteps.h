#pragma once

#include "languages/language.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

// How a checked request (requestcheck.h) becomes a language's steps, the same on every backend:
// for a compiled language a compile step and then a run step, otherwise a run step alone. Each
// step gets its own request (which files, under which limits) and its command line.

/// The language's run step with its placeholders filled in, then the request's arguments.
/// `request` is the run step's own (runStepRequest()).
QStringList runCommand(const Language &language, const QString &toolchain, const RunRequest &request);
/// The compile step's command; `request` is compileStepRequest()'s.
QStringList compileCommand(const Language &language, const QString &toolchain, const RunRequest &request);

/// What the program's run is asked: `request` under the language's run limits.
RunRequest runStepRequest(const Language &language, const RunRequest &request);
/// What the compiler is asked: the sources and input files, the language's support files in
/// the build folder, the compile step's limits, and no input or arguments.
RunRequest compileStepRequest(const Language &language, const RunRequest &request);

} // namespace Sandpit::Core
