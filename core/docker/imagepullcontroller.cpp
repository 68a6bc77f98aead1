#include "docker/imagepullcontroller.h"

#include "docker/dockerimagepull.h"
#include "engine/logging.h"

namespace Sandpit::Core {

ImagePullController::ImagePullController(QString endpoint, QObject *parent)
    : QObject(parent)
    , m_endpoint(std::move(endpoint))
{
    qRegisterMetaType<PullId>("Sandpit::Core::PullId");
}

ImagePullController::~ImagePullController()
{
    // A pull still under way is told to stop; deleting it waits for its thread.
    for (DockerImagePull *pull : std::as_const(m_pulls)) {
        pull->disconnect(this);
        pull->cancel();
        delete pull;
    }
}

PullId ImagePullController::pullImage(const QString &image)
{
    const PullId id = m_nextId++;
    auto *pull = new DockerImagePull(m_endpoint, image, this);
    m_pulls.insert(id, pull);
    m_wanted.insert(id);
    connect(pull, &DockerImagePull::progressed, this, [this, id](double fraction, const QString &status) {
        if (m_wanted.contains(id))
            Q_EMIT progressed(id, fraction, status);
    });
    connect(pull, &DockerImagePull::finished, this, [this, id] {
        release(id);
        if (m_wanted.remove(id))
            Q_EMIT finished(id);
    });
    connect(pull, &DockerImagePull::failed, this, [this, id](const RunError &error) {
        release(id);
        if (m_wanted.remove(id))
            Q_EMIT failed(id, error);
    });
    connect(pull, &DockerImagePull::cancelled, this, [this, id] { release(id); });
    qCInfo(lcDocker) << "pull" << id << "of" << image;
    pull->start();
    return id;
}

void ImagePullController::cancelPull(PullId id)
{
    if (!m_wanted.remove(id))
        return;
    if (DockerImagePull *pull = m_pulls.value(id))
        pull->cancel();
}

void ImagePullController::release(PullId id)
{
    if (DockerImagePull *pull = m_pulls.take(id))
        pull->deleteLater();
}

} // namespace Sandpit::Core
