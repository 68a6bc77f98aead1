#pragma once

#include "languages/language.h"
#include "languages/languageregistry.h"
#include "model/runerror.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

/// What every backend checks before it runs anything: a known language that can run, and a
/// non-empty entry file among the sources. Returns the language.
Expected<const Language *> checkRequest(const LanguageRegistry &languages, const RunRequest &request);

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
