#pragma once

#include "model/runerror.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

namespace Sandpit::Core {

class DockerImagePull;

/// An image pull's id, in a sequence of its own.
using PullId = quint64;

/// Image pulls, apart from runs: a pull is no run (it has no limits, no sandbox, no result),
/// so it does not go through RunController. Each pull works on a thread of its own
/// (DockerImagePull) and reports here, on the thread that made this controller. Only a pull
/// still wanted is reported: after cancelPull() nothing more comes for it, not even a failure.
class ImagePullController final : public QObject
{
    Q_OBJECT
public:
    /// `endpoint` is the daemon's address as DOCKER_HOST spells it (empty: the local socket),
    /// the daemon the Docker backend runs in by default, so the image goes where runs look.
    explicit ImagePullController(QString endpoint, QObject *parent = nullptr);
    ~ImagePullController() override;

    /// Pulls `image` (e.g. "python:3.12-slim", "registry:5000/x/y@sha256:…"). progressed()
    /// follows, then finished() or failed().
    PullId pullImage(const QString &image);
    void cancelPull(PullId id);
    bool isPulling(PullId id) const { return m_wanted.contains(id); }

Q_SIGNALS:
    void progressed(Sandpit::Core::PullId id, double fraction, const QString &status);
    void finished(Sandpit::Core::PullId id);
    void failed(Sandpit::Core::PullId id, const Sandpit::Core::RunError &error);

private:
    void release(PullId id);

    QString m_endpoint;
    PullId m_nextId = 1;
    QHash<PullId, DockerImagePull *> m_pulls; // until the pull's last signal
    QSet<PullId> m_wanted;                    // started and not cancelled or ended
};

} // namespace Sandpit::Core
