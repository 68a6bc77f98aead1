#pragma once

#include "artifactlisting.h"

#include <QObject>
#include <QString>
#include <QTimer>

namespace Sandpit::Core {

/// Looks at a running program's output folder on the host (Docker with the workspace bound)
/// twice a second, and says when what it holds changed. The local sandbox's folder is private
/// to it: there the helper's init does this (kArtifactsListed).
class OutputPoller final : public QObject
{
    Q_OBJECT
public:
    explicit OutputPoller(QString outputDir, QObject *parent = nullptr);

Q_SIGNALS:
    void listed(const Sandpit::Core::ArtifactListing &listing);

private:
    void poll();

    QString m_outputDir;
    QTimer m_timer;
    QList<std::pair<QString, qint64>> m_last;
};

} // namespace Sandpit::Core
