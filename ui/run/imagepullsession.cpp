#include "run/imagepullsession.h"

namespace Sandpit::Ui {

ImagePullSession::ImagePullSession(Core::ImagePullController &pulls, QObject *parent)
    : QObject(parent)
    , m_pulls(pulls)
{
    connect(&m_pulls, &Core::ImagePullController::progressed, this, &ImagePullSession::onProgress);
    connect(&m_pulls, &Core::ImagePullController::finished, this, &ImagePullSession::onFinished);
    connect(&m_pulls, &Core::ImagePullController::failed, this, &ImagePullSession::onFailed);
}

void ImagePullSession::pull(const QString &image)
{
    cancel();
    m_current = m_pulls.pullImage(image);
}

void ImagePullSession::cancel()
{
    if (m_current != 0)
        m_pulls.cancelPull(std::exchange(m_current, 0));
}

void ImagePullSession::onProgress(Core::PullId id, double fraction, const QString &status)
{
    if (id == m_current)
        Q_EMIT pullProgressed(fraction, status);
}

void ImagePullSession::onFinished(Core::PullId id)
{
    if (id != m_current)
        return;
    m_current = 0;
    Q_EMIT pullFinished();
}

void ImagePullSession::onFailed(Core::PullId id, const Core::RunError &error)
{
    if (id != m_current)
        return;
    m_current = 0;
    Q_EMIT pullFailed(error);
}

} // namespace Sandpit::Ui
