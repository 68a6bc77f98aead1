#include "engine/doctorjob.h"

#include "docker/dockerbackend.h"
#include "local/isolationprobe.h"

namespace Sandpit::Core {

DoctorJob::DoctorJob(Config config, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
{
}

void DoctorJob::run(bool everything)
{
    auto *probe = new IsolationProbe(m_config.helperPath, this);
    connect(probe, &IsolationProbe::finished, this, [this, probe, everything](const LocalSandboxCheck &check) {
        probe->deleteLater();
        finishWith(check, everything);
    });
    probe->start();
}

void DoctorJob::finishWith(const LocalSandboxCheck &local, bool everything)
{
    Q_EMIT localChecked(local);
    if (everything) {
        DoctorReport report;
        report.local = local;
        report.allowWeaker = m_config.settings.allowWeaker;
        report.docker = checkDocker(m_config.environment.value(QStringLiteral("DOCKER_HOST")), imagesToCheck(),
                                    m_config.environment);
        report.languages = checkToolchains(m_config.languages, defaultToolchainSearchPath());
        Q_EMIT checked(report);
    }
    deleteLater();
}

// Each image once, with every language that runs in it, as the Docker backend would choose it.
QList<DockerImageCheck> DoctorJob::imagesToCheck() const
{
    DockerBackend::Config docker;
    docker.environment = m_config.environment;
    docker.images = m_config.settings.dockerImages;
    QList<DockerImageCheck> images;
    for (const Language &language : m_config.languages.languages()) {
        const QString image = DockerBackend::imageFor(language, docker);
        if (!language.canRun() || image.isEmpty())
            continue;
        auto same = std::find_if(images.begin(), images.end(), [&](const auto &i) { return i.image == image; });
        if (same == images.end())
            images << DockerImageCheck{image, {language.id}, false};
        else
            same->languages << language.id;
    }
    return images;
}

} // namespace Sandpit::Core
