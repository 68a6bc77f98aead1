#pragma once

#include "language.h"
#include "languageregistry.h"
#include "runerror.h"
#include "runrequest.h"

namespace Sandpit::Core {

/// What every backend checks before it runs anything: a known language that can run, and a
/// non-empty entry file among the sources. Returns the language.
Expected<const Language *> checkRequest(const LanguageRegistry &languages, const RunRequest &request);

/// The language's run step with its placeholders filled in, then the request's arguments.
QStringList runCommand(const Language &language, const QString &toolchain, const RunRequest &request);

} // namespace Sandpit::Core
