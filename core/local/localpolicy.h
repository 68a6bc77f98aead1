#pragma once

#include "engine/runjob.h"
#include "local/preparedsandbox.h"

#include <memory>

namespace Sandpit::Core {

/// The import check of a local run with a policy (PolicyCheck): the checker runs with the
/// host's `python` in `sandbox`, a sandbox of its own, as untrusted as the program (it reads
/// the learner's files), and `then` (the packages' setup step, or nothing) follows it when
/// the policy lets the run go on.
std::unique_ptr<RunJob> makeLocalPolicyJob(const RunRequest &request, const QString &python,
                                           const QStringList &environment, PreparedSandbox sandbox,
                                           std::unique_ptr<RunJob> then);

} // namespace Sandpit::Core
