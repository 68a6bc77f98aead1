#pragma once

#include "languages/language.h"
#include "languages/languageregistry.h"
#include "model/runerror.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

/// What every backend checks before it runs anything: a known language that can run, a
/// non-empty entry file among the sources, attached input files that exist and a kept
/// workspace that can be used. Returns the language, or the error that says what to fix.
Expected<const Language *> checkRequest(const LanguageRegistry &languages, const RunRequest &request);

} // namespace Sandpit::Core
