#include "docker/dockertransfer.h"

#include "docker/dockerarchive.h"
#include "files/artifactcollector.h"
#include "files/keptworkspace.h"

#include <QFile>
#include <QFileInfo>

namespace Sandpit::Core {

namespace {
// What output/ may bring back: the artifact list shows at most kMaxFiles files anyway.
constexpr qint64 kMaxOutputBytes = 512LL * 1024 * 1024;

QString control(const QString &name)
{
    return QLatin1String(DockerTransfer::kControlName) + QLatin1Char('/') + name;
}
} // namespace

DockerArchive::Owner DockerTransfer::owner(const DockerPreparedContainer &container)
{
    return {container.learnerUid, container.learnerUid};
}

Expected<void> DockerTransfer::send(const DockerClient &client, const DockerPreparedContainer &container,
                                    const Files &files)
{
    QList<DockerArchive::Extra> extras{{control(QStringLiteral("run.sh")), files.launcher, 0644},
                                       {control(QStringLiteral("end.sh")), files.evidence, 0644}};
    if (!files.stdinData.isEmpty())
        extras.append({control(QStringLiteral("stdin")), files.stdinData, 0644});
    if (!files.syscallFilter.isEmpty()) {
        QFile filter(files.syscallFilter);
        if (!filter.open(QIODevice::ReadOnly)) {
            return makeError(RunError::Code::SetupFailed,
                             QStringLiteral("Could not read the system-call filter %1: %2.")
                                 .arg(filter.fileName(), filter.errorString()));
        }
        extras.append({control(QStringLiteral("seccomp")), filter.readAll(), 0755});
    }
    // Unpacked in order: "ready" last tells the waiting shell that everything is there.
    extras.append({control(QStringLiteral("token")), files.order, 0600});
    extras.append({control(QStringLiteral("ready")), {}, 0644});
    auto tar = DockerArchive::pack(container.workspace.workDir(), extras, owner(container));
    if (!tar)
        return std::unexpected(tar.error());
    auto response = client.putArchive(container.id, QLatin1String(DockerContainer::kWorkDir), *tar);
    if (!response)
        return std::unexpected(response.error());
    if (!response->ok())
        return std::unexpected(
            DockerClient::errorFor(*response, QStringLiteral("copy the program into its container")));
    return {};
}

Expected<void> DockerTransfer::fetch(const DockerClient &client, const DockerPreparedContainer &container,
                                     const QString &folder)
{
    // A GET costs tens of milliseconds (the daemon starts a helper process for it); most runs
    // leave output/ empty, which a look at its size tells at once.
    const QString path = QLatin1String(DockerContainer::kWorkDir) + QLatin1Char('/') + folder;
    if (auto size = client.pathSize(container.id, path); size && *size <= kEmptyFolderSize)
        return {};
    // The entries are "output/...": unpacked in the folder that holds output/.
    auto fetched = fetchInto(client, container, path, container.workspace.workDir(), ArtifactCollector::kMaxFiles);
    return fetched ? Expected<void>{} : std::unexpected(fetched.error());
}

Expected<void> DockerTransfer::fetchChanges(const DockerClient &client, const DockerPreparedContainer &container,
                                            const WorkspaceBaseline &baseline)
{
    // The entries are "work/...": unpacked in the folder that holds work/. Each is judged as
    // the collector would, here already, so that the sources and input files the program only
    // read cost nothing of the caps and cannot crowd out its own files.
    const auto wanted = [&baseline](QByteArrayView path, const QByteArray *content) {
        const qsizetype slash = path.indexOf('/');
        const QString workPath = QString::fromUtf8(slash < 0 ? QByteArrayView() : path.sliced(slash + 1));
        if (workPath.isEmpty())
            return true; // work/ itself
        const QString inWork = workPath.endsWith(QLatin1Char('/')) ? workPath.chopped(1) : workPath;
        return ArtifactCollector::isTheProgramsPlace(inWork) && !(content && baseline.isUnchanged(inWork, *content));
    };
    const QString root = QFileInfo(container.workspace.workDir()).path();
    auto fetched = fetchInto(client, container, QLatin1String(DockerContainer::kWorkDir), root,
                             ArtifactCollector::kMaxFiles, wanted);
    return fetched ? Expected<void>{} : std::unexpected(fetched.error());
}

Expected<void> DockerTransfer::fetchWork(const DockerClient &client, const DockerPreparedContainer &container,
                                         const QString &destination)
{
    auto whole = fetchInto(client, container, QLatin1String(DockerContainer::kWorkDir), destination,
                           int(KeptWorkspace::kMaxEntries));
    if (whole && !*whole) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("The container's /work was too big to bring back whole."));
    }
    return whole ? Expected<void>{} : std::unexpected(whole.error());
}

Expected<bool> DockerTransfer::fetchInto(const DockerClient &client, const DockerPreparedContainer &container,
                                         const QString &containerPath, const QString &destination, int maxFiles,
                                         const DockerArchive::Filter &wanted)
{
    QByteArray tar;
    DockerClient::StreamHandlers handlers;
    handlers.onData = [&](QByteArrayView bytes) {
        tar.append(bytes);
        return tar.size() <= kMaxOutputBytes + 1024 * 1024; // past the cap: what came is enough
    };
    const QString path = QStringLiteral("/containers/%1/archive?path=%2").arg(container.id, containerPath);
    auto response = client.stream("GET", path, handlers);
    if (!response)
        return std::unexpected(response.error());
    if (response->status == 404)
        return true; // the program removed it: nothing to bring back
    if (!response->ok())
        return std::unexpected(DockerClient::errorFor(*response, QStringLiteral("copy %1 back").arg(containerPath)));
    auto unpacked = DockerArchive::unpack(tar, destination, maxFiles, kMaxOutputBytes, wanted);
    if (!unpacked)
        return std::unexpected(unpacked.error());
    return !unpacked->truncated && tar.size() <= kMaxOutputBytes + 1024 * 1024;
}

} // namespace Sandpit::Core
