#pragma once

#include "docker/imagepullcontroller.h"

#include <QObject>

namespace Sandpit::Ui {

/// The window's one image pull. It starts the pull through the pull controller, remembers its
/// id and passes on only that pull's events.
class ImagePullSession final : public QObject
{
    Q_OBJECT
public:
    explicit ImagePullSession(Core::ImagePullController &pulls, QObject *parent = nullptr);

    bool isActive() const { return m_current != 0; }

public Q_SLOTS:
    /// Cancels a pull under way, then pulls `image`.
    void pull(const QString &image);
    void cancel();

Q_SIGNALS:
    void pullProgressed(double fraction, const QString &status);
    void pullFinished();
    void pullFailed(const Sandpit::Core::RunError &error);

private:
    void onProgress(Core::PullId id, double fraction, const QString &status);
    void onFinished(Core::PullId id);
    void onFailed(Core::PullId id, const Core::RunError &error);

    Core::ImagePullController &m_pulls;
    Core::PullId m_current = 0; // 0: no pull
};

} // namespace Sandpit::Ui
