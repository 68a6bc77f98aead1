#include "local/localpolicy.h"

#include "local/localjob.h"
#include "policy/policycheck.h"
#include "policy/policyjob.h"

namespace Sandpit::Core {

void checkImportsFirst(StagedJob::Plan &staged, const RunRequest &request, const QString &python,
                       const QStringList &environment, PreparedSandbox sandbox)
{
    LocalJob::Plan plan{PolicyCheck::command(python, request), environment, RunStage::Policy};
    auto check = std::make_unique<LocalJob>(PolicyCheck::request(request), std::move(plan), std::move(sandbox));
    if (!staged.compile)
        staged.compileLimits = PolicyCheck::limits();
    staged.compile = std::make_unique<PolicyJob>(std::move(check), request.importPolicy, std::move(staged.compile));
}

} // namespace Sandpit::Core
