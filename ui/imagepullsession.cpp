#include "imagepullsession.h"

namespace Sandpit::Ui {

ImagePullSession::ImagePullSession(Core::RunController &controller, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
{
    connect(&m_controller, &Core::RunController::imagePullProgress, this, &ImagePullSession::onProgress);
    connect(&m_controller, &Core::RunController::imagePullFinished, this, &ImagePullSession::onFinished);
    connect(&m_controller, &Core::RunController::imagePullFailed, this, &ImagePullSession::onFailed);
}

void ImagePullSession::pull(const QString &image)
{
    cancel();
    m_current = m_controller.pullImage(image);
}

void ImagePullSession::cancel()
{
    if (m_current != 0)
        m_controller.cancelPull(std::exchange(m_current, 0));
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
