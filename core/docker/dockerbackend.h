#pragma once

#include "docker/dockerconnector.h"
#include "docker/dockerpool.h"
#include "docker/dockerreaper.h"
#include "docker/dockerrun.h"
#include "engine/backend.h"
#include "engine/backendid.h"
#include "engine/stagedjob.h"
#include "languages/languageregistry.h"
#include "packages/packageplan.h"

#include <QHash>
#include <QProcessEnvironment>

namespace Sandpit::Core {

/// Runs programs in hardened, single-use Docker containers (see DockerContainer::createBody).
/// It never blocks the worker thread: talking to the daemon happens on each run's threads, so
/// "Docker is not running" arrives as the run's failure, not as a frozen engine.
class DockerBackend final : public Backend
{
public:
    struct Config {
        /// DOCKER_HOST and SANDPIT_DOCKER_IMAGE_<LANGID> are read from here.
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        /// Language id → image, the user's settings (EngineSettings::dockerImages).
        QHash<QString, QString> images;
        bool keepWarm = true; ///< keep one container started ahead of the next run
        /// sandpit-seccomp on the host; empty: found with findSyscallFilter(), and if it is
        /// missing too, Docker's default profile alone filters the calls (and the report says so).
        QString syscallFilter;
    };

    static QString findSyscallFilter();
    /// Whether the daemon may not share our file system, so that nothing of ours can be bound
    /// (see DockerContainerKey::remote): SANDPIT_DOCKER_TRANSFER=archive|bind, else exactly
    /// when DOCKER_HOST is tcp://. The workspace goes through the archive API either way.
    static bool isRemote(const QProcessEnvironment &environment);

    DockerBackend(LanguageRegistry languages, Config config);

    QString id() const override { return kDockerBackendId; }
    Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &request) override;

    /// The image for `language`: $SANDPIT_DOCKER_IMAGE_<ID> (upper case), else the setting
    /// docker/images/<id>, else languages.json.
    QString imageFor(const Language &language) const;
    /// The same for a backend not made yet (`sandpit doctor` lists the images without one).
    static QString imageFor(const Language &language, const Config &config);

    /// The connection runs and the named sandboxes (DockerSandboxes) share.
    std::shared_ptr<DockerConnector> connector() const { return m_connector; }

private:
    /// A command in a named sandbox (RunRequest::sandbox): an exec in its container.
    /// RunRequest::terminal without a sandbox: the REPL, exec'd with a pty into a container of
    /// its own (DockerReplContainer).
    Expected<std::unique_ptr<RunJob>> createReplJob(const Language &language, const RunRequest &request,
                                                    const QString &image);
    Expected<std::unique_ptr<RunJob>> createSandboxJob(const RunRequest &request);

    /// After `job` has ended, the pool makes the containers of `next` ready for the next run.
    void keepWarmAfter(RunJob &job, const QList<DockerContainerKey> &next);
    /// The setup step that installs `packages` in a container of the run's image; `kept` gets
    /// the workspace the environment is brought back to.
    Expected<std::unique_ptr<RunJob>> setupJob(const PackagePlan &packages, DockerRun::Plan setup,
                                               std::shared_ptr<Workspace> &kept);
    /// The import check (`check`, the checker's run in a container of its own) made `staged`'s
    /// first step, with the step that was there (the packages' setup) after it; its key.
    DockerContainerKey checkImportsFirst(DockerRun::Plan check, const ImportPolicy &policy, StagedJob::Plan &staged);
    DockerContainerKey keyFor(const QString &image, const Limits &limits) const;
    /// A run with RunRequest::network is refused on an engine that does not share this
    /// computer's disk (the proxy's socket could not be bound there).
    Expected<void> proxyReachable(const RunRequest &request) const;
    /// A run with RunRequest::network gets its proxy, the socket's bind and the proxy
    /// variables (proxyReachable was asked first).
    Expected<void> withProxy(DockerRun::Plan &run) const;

    LanguageRegistry m_languages;
    Config m_config;
    bool m_remote = false;
    std::shared_ptr<DockerConnector> m_connector;
    std::shared_ptr<DockerReaper> m_reaper; // shared with the runs, which hand it their containers
    DockerPool m_pool;
};

} // namespace Sandpit::Core
