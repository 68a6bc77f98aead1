#include "local/localpolicy.h"

#include "local/localjob.h"
#include "policy/policycheck.h"
#include "policy/policyjob.h"

namespace Sandpit::Core {

std::unique_ptr<RunJob> makeLocalPolicyJob(const RunRequest &request, const QString &python,
                                           const QStringList &environment, PreparedSandbox sandbox,
                                           std::unique_ptr<RunJob> then)
{
    LocalJob::Plan plan{PolicyCheck::command(python, request), environment, RunStage::Policy};
    auto check = std::make_unique<LocalJob>(PolicyCheck::request(request), std::move(plan), std::move(sandbox));
    return std::make_unique<PolicyJob>(std::move(check), request.importPolicy, std::move(then));
}

} // namespace Sandpit::Core
