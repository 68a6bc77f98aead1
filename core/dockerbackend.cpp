#include "dockerbackend.h"

#include "dockerjob.h"
#include "runrequestcheck.h"
#include "stagedjob.h"

namespace Sandpit::Core {

DockerBackend::DockerBackend(LanguageRegistry languages, Config config)
    : m_languages(std::move(languages))
    , m_config(std::move(config))
    , m_connector(std::make_shared<DockerConnector>(m_config.environment.value(QStringLiteral("DOCKER_HOST"))))
    , m_reaper(std::make_shared<DockerReaper>(m_connector))
    , m_pool(m_connector, m_reaper)
{
}

QString DockerBackend::imageFor(const Language &language) const
{
    const QString variable = QStringLiteral("SANDPIT_DOCKER_IMAGE_") + language.id.toUpper();
    const QString fromEnvironment = m_config.environment.value(variable).trimmed();
    return fromEnvironment.isEmpty() ? language.dockerImage : fromEnvironment;
}

Expected<std::unique_ptr<RunJob>> DockerBackend::createJob(const RunRequest &request)
{
    const auto checked = checkRequest(m_languages, request);
    if (!checked)
        return std::unexpected(checked.error());
    const Language *language = *checked;
    const QString image = request.image.isEmpty() ? imageFor(*language) : request.image;
    if (image.isEmpty()) {
        return makeError(RunError::Code::UnknownLanguage,
                         QStringLiteral("Sandpit has no Docker image for %1; set SANDPIT_DOCKER_IMAGE_%2.")
                             .arg(language->name, language->id.toUpper()));
    }

    DockerRun::Plan plan;
    plan.request = request;
    plan.key = DockerContainerKey::from(image, request.limits);
    // The interpreter is found inside the image by its name on the image's PATH; a host
    // path would mean nothing there.
    if (language->isCompiled()) {
        return makeError(RunError::Code::UnknownLanguage,
                         QStringLiteral("Sandpit can edit %1 files but cannot run them yet: it does not compile programs yet.").arg(language->name));
    }
    plan.command = runCommand(*language, language->run.toolchain.value(0), request);
    for (auto it = language->environment.begin(); it != language->environment.end(); ++it)
        plan.environment << it.key() + QLatin1Char('=') + it.value();

    auto docker = std::make_shared<std::unique_ptr<RunJob>>(
        std::make_unique<DockerJob>(std::move(plan), m_connector, m_reaper, m_pool.take(plan.key)));
    StagedJob::Plan staged;
    staged.diagnostics = DiagnosticParser(language->diagnosticFormats, request.sources);
    staged.makeRun = [docker]() -> Expected<std::unique_ptr<RunJob>> { return std::move(*docker); };
    auto job = std::make_unique<StagedJob>(std::move(staged));
    if (m_config.keepWarm) {
        // After the run has ended, so that making the next container does not compete with
        // this run's start. The job is the context: the connection goes with it, and the
        // backend outlives every job (RunWorker deletes jobs before its backends).
        const DockerContainerKey key = DockerContainerKey::from(image, request.limits);
        const auto prepareNext = [this, key] { m_pool.prepare(key); };
        // Not after a failure: a missing image or daemon would only fail again.
        QObject::connect(job.get(), &RunJob::finished, job.get(), prepareNext);
    }
    return job;
}

} // namespace Sandpit::Core
