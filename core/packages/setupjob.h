#pragma once

#include "engine/runjob.h"
#include "packages/envcache.h"
#include "packages/packageplan.h"

#include <memory>

namespace Sandpit::Core {

/// The setup step of a run with packages, on either backend: the backend's own job runs pip
/// in the sandbox (PackagePlan::setupCommand) and brings the environment out to `built`; this
/// puts it in the plan's cache when the install succeeded, and turns a failed install (a host
/// the proxy denied, an index out of reach, pip's "no matching distribution") into one sentence
/// that says what to do (PackagePlan::failureMessage), as the result's diagnostic and on stderr
/// after pip's own output.
class SetupJob final : public RunJob
{
    Q_OBJECT
public:
    SetupJob(std::unique_ptr<RunJob> install, PackagePlan plan, QString built);
    ~SetupJob() override;

    void start() override;
    void cancel() override;
    void writeInput(const QByteArray &) override { }
    void closeInput() override { }

private:
    void keepOutput(OutputStream stream, const QByteArray &data);
    void onInstallFinished(const RunResult &result);

    std::unique_ptr<RunJob> m_install;
    PackagePlan m_plan;
    QString m_built;
    QByteArray m_tail; // pip's last words, where it names what it could not find
};

} // namespace Sandpit::Core
