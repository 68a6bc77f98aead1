#pragma once

#include "engine/runjob.h"
#include "policy/importpolicy.h"

#include <memory>

namespace Sandpit::Core {

/// The import check of a Python run with a policy, on either backend: the backend's own job
/// runs the checker in the sandbox (PolicyCheck); this reads its report and judges it. A
/// block ends the run at stage Policy with the lines' error diagnostics and a sentence, and
/// the program never runs; warnings pass on, as the result's diagnostics, to StagedJob, which
/// keeps them for the program's result. A check that could not finish, or whose report does
/// not read, ends the run too: a policy that silently let everything through would teach
/// nothing. The checker's own output is never shown: it is the report.
/// `next` is a step that must follow the check before the program (the packages' setup):
/// started when the check passes, its result carrying the check's warnings.
class PolicyJob final : public RunJob
{
    Q_OBJECT
public:
    PolicyJob(std::unique_ptr<RunJob> check, ImportPolicy policy, std::unique_ptr<RunJob> next = {});
    ~PolicyJob() override;

    void start() override;
    void cancel() override;
    void writeInput(const QByteArray &) override { }
    void closeInput() override { }

    /// The check's result judged: `check` is the checker's run, as its job reported it.
    static RunResult judge(const RunResult &check, const ImportPolicy &policy);

private:
    void onCheckFinished(const RunResult &result);
    void onNextFinished(const RunResult &result);

    std::unique_ptr<RunJob> m_check;
    std::unique_ptr<RunJob> m_next;
    ImportPolicy m_policy;
    QList<Diagnostic> m_warnings;
    bool m_cancelled = false;
    bool m_nextStarted = false;
};

} // namespace Sandpit::Core
