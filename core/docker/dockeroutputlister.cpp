#include "docker/dockeroutputlister.h"

#include "docker/dockercontainer.h"
#include "docker/tarheaderreader.h"
#include "files/artifactcollector.h"

#include <QElapsedTimer>

namespace Sandpit::Core {

namespace {
constexpr auto kInterval = std::chrono::milliseconds(500); // as the local sandbox's init
constexpr int kCostFactor = 4;
} // namespace

DockerOutputLister::DockerOutputLister(const DockerClient &client, QString containerId, WorkspaceBaseline baseline,
                                       std::function<void(const ArtifactListing &)> listed)
    : m_client(client)
    , m_containerId(std::move(containerId))
    , m_baseline(std::move(baseline))
    , m_listed(std::move(listed))
    , m_thread([this] { loop(); })
{
}

DockerOutputLister::~DockerOutputLister() = default;

void DockerOutputLister::loop()
{
    QList<std::pair<QString, qint64>> last;
    bool lastMore = false;
    auto pause = kInterval;
    for (;;) {
        if (m_thread.sleepFor(pause))
            return;
        QElapsedTimer took;
        took.start();
        const std::optional<ArtifactListing> listing = look();
        pause = std::max<std::chrono::milliseconds>(kInterval, std::chrono::milliseconds(took.elapsed() * kCostFactor));
        if (!listing || m_thread.stopping())
            continue;
        QList<std::pair<QString, qint64>> now;
        for (const Artifact &a : listing->artifacts)
            now.append({a.path, a.size});
        if (now != last || listing->more != lastMore) {
            last = now;
            lastMore = listing->more;
            m_listed(*listing);
        }
    }
}

std::optional<ArtifactListing> DockerOutputLister::look() const
{
    const QString folder = QLatin1String(DockerContainer::kWorkDir);
    TarHeaderReader reader;
    DockerClient::StreamHandlers handlers;
    handlers.abort = &m_thread.stopping();
    handlers.onData = [&](QByteArrayView bytes) { return reader.feed(bytes); };
    const QString path = QStringLiteral("/containers/%1/archive?path=%2").arg(m_containerId, folder);
    auto response = m_client.stream("GET", path, handlers);
    if (!response || !response->ok())
        return std::nullopt; // not made yet, removed, or the container is going: no news
    // /work holds at most the workspace's inode budget of files, Sandpit's among them: all are
    // sorted out first, so that only the program's count against the list's cap.
    QList<Artifact> files;
    for (const TarHeaderReader::Entry &entry : reader.entries()) {
        // "work/NAME": the folder itself comes first, as "work/".
        const qsizetype slash = entry.path.indexOf('/');
        if (entry.regular && slash >= 0 && slash + 1 < entry.path.size())
            files.append(Artifact{QString::fromUtf8(entry.path.mid(slash + 1)), entry.size, {}, false});
    }
    ArtifactListing listing = programsFiles({files, false}, m_baseline);
    if (listing.artifacts.size() > ArtifactCollector::kMaxFiles) {
        listing.artifacts.resize(ArtifactCollector::kMaxFiles);
        listing.more = true;
    }
    return listing;
}

} // namespace Sandpit::Core
