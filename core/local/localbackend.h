#pragma once

#include "engine/backend.h"
#include "engine/backendid.h"
#include "engine/stagedjob.h"
#include "languages/languageregistry.h"
#include "local/filterimage.h"
#include "local/localjob.h"
#include "local/preparedsandbox.h"

#include <memory>
#include <optional>

#include <QStringList>

namespace Sandpit::Core {

/// Runs programs on this machine through sandpit-helper.
class LocalBackend final : public Backend
{
public:
    struct Config {
        QString helperPath;              ///< empty: found with findHelper()
        QStringList toolchainSearchPath; ///< empty: defaultToolchainSearchPath()
        bool keepWarm = true;            ///< keep one sandbox built ahead of the next run
        /// Build the next run's sandbox as soon as a run takes one, not after it ends: for runs
        /// that follow one another at once (a Check), where nobody reads a result between them.
        bool prepareAhead = false;
        /// Where the named sandboxes' state folders are; empty: LocalSandboxes::defaultRoot().
        QString sandboxesRoot = {};
    };

    LocalBackend(LanguageRegistry languages, Config config);

    QString id() const override { return kLocalBackendId; }
    Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &request) override;

    /// $SANDPIT_HELPER, else sandpit-helper beside the running program, else the installed
    /// libexec copy. Empty when none exists.
    static QString findHelper();

private:
    /// A run in a named sandbox (RunRequest::sandbox), in localbackendsandbox.cpp.
    Expected<std::unique_ptr<RunJob>> createSandboxJob(const RunRequest &request, const QString &helper,
                                                       const QStringList &environment);

    /// The helper to start: the configured one, or findHelper()'s; an error says how to fix its absence.
    Expected<QString> helperProgram() const;
    /// The steps of a run whose packages (if any) are in place: compile then run, or run.
    Expected<void> planCompileAndRun(const Language &language, const Toolchains &toolchains, const RunRequest &request,
                                     const PreparedSandbox::Config &sandboxConfig, RunRequest runRequest,
                                     const LocalJob::Plan &runPlan, StagedJob::Plan &staged);
    Expected<PreparedSandbox> takeSandbox(const PreparedSandbox::Config &config);
    void prepareNext(const PreparedSandbox::Config &config);
    int filterImage(const QString &helper);

    LanguageRegistry m_languages;
    Config m_config;
    // Building a sandbox costs about as much as starting Python; doing it between runs takes
    // it off the time from Run to the first output.
    std::optional<PreparedSandbox> m_warm;
    QStringList m_warmPaths; // the read-only folders m_warm shows
    std::optional<FilterImage> m_filter;
    bool m_filterTried = false;
    bool m_sweptAbandoned = false;
    std::shared_ptr<int> m_alive = std::make_shared<int>(0); // for timers that outlive us
};

} // namespace Sandpit::Core
