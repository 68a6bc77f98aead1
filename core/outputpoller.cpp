#include "outputpoller.h"

#include "artifactcollector.h"

namespace Sandpit::Core {

namespace {
constexpr int kPollIntervalMs = 500;
} // namespace

OutputPoller::OutputPoller(QString outputDir, QObject *parent)
    : QObject(parent)
    , m_outputDir(std::move(outputDir))
{
    m_timer.setInterval(kPollIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &OutputPoller::poll);
    m_timer.start();
}

void OutputPoller::poll()
{
    // The collector's own walk, without keeping anything: the same files the result will list.
    const ArtifactCollector::Collection found = ArtifactCollector::collect(m_outputDir);
    QList<std::pair<QString, qint64>> now;
    for (const Artifact &a : found.artifacts)
        now.append({a.path, a.size});
    if (now == m_last)
        return;
    m_last = now;
    Q_EMIT listed(ArtifactListing{found.artifacts, found.found > found.artifacts.size()});
}

} // namespace Sandpit::Core
