#pragma once

#include "languages/languagefwd.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

/// The import check's step, as both backends make it: which runs have one, what it is asked
/// and the command that runs the checker (resources/policy/import_check.py) on the program's
/// files in the sandbox. It only parses, so its limits are small and its own.
namespace PolicyCheck {

/// The checker, written at the top of the workspace; the leading dot keeps it out of the
/// learner's way (no module can be named so).
inline constexpr const char *kCheckerFile = ".sandpit-import-check.py";

/// A Python run of the language's own program with a policy: not a REPL, nor a command of
/// its own, nor a named sandbox's.
bool applies(const Language &language, const RunRequest &request);
/// The check's request: the program's sources and attached files with the checker beside
/// them, no input, no arguments, its output kept for the report, under limits().
RunRequest request(const RunRequest &run);
/// `python -I -S` (isolated: no site, no PYTHONPATH, and not the workspace on sys.path, so a
/// learner's json.py is not what the checker imports) on the checker, with the entry file.
QStringList command(const QString &python, const RunRequest &run);
/// A second or so of parsing, with room for a large program; output bounded by the report's.
Limits limits();

} // namespace PolicyCheck

} // namespace Sandpit::Core
