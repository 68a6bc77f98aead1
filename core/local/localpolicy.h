#pragma once

#include "engine/stagedjob.h"
#include "local/preparedsandbox.h"

#include <memory>

namespace Sandpit::Core {

/// The import check of a local run with a policy (PolicyCheck): the checker runs with the
/// host's `python` in `sandbox`, a sandbox of its own, as untrusted as the program (it reads
/// the learner's files), and `staged`'s first step (the packages' setup, or nothing) follows it when
/// the policy lets the run go on. It becomes `staged`'s first step.
void checkImportsFirst(StagedJob::Plan &staged, const RunRequest &request, const QString &python,
                       const QStringList &environment, PreparedSandbox sandbox);

} // namespace Sandpit::Core
