#include "files/artifactstore.h"

#include "engine/logging.h"
#include "files/folderremoval.h"
#include "files/ownerfile.h"
#include "files/runfolders.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMutexLocker>
#include <QTemporaryDir>

namespace Sandpit::Core {

ArtifactStore::ArtifactStore(QString parentDir, qint64 maxBytes)
    : m_parentDir(std::move(parentDir))
    , m_maxBytes(maxBytes)
{
}

ArtifactStore::~ArtifactStore()
{
    if (!m_root.isEmpty() && !FolderRemoval::removePath(m_root))
        qCWarning(lcEngine) << "could not remove the kept artifacts in" << m_root;
}

ArtifactKeeping ArtifactStore::reserve(const std::shared_ptr<ArtifactStore> &store)
{
    if (!store)
        return {};
    const QMutexLocker lock(&store->m_mutex);
    return {store, store->m_nextTicket++};
}

QString ArtifactStore::begin(quint64 ticket)
{
    const QMutexLocker lock(&m_mutex);
    if (ticket <= m_keptTicket)
        return {};
    if (m_root.isEmpty()) {
        // A private (0700), unpredictable name in this user's own folder: other users on the
        // machine cannot read the copies or plant a link where a run's folder is about to be made.
        const Expected<QString> parent = m_parentDir.isEmpty() ? RunFolders::parent() : Expected<QString>(m_parentDir);
        if (!parent) {
            qCWarning(lcEngine) << "cannot keep artifacts:" << parent.error().message;
            return {};
        }
        QTemporaryDir dir(*parent + QStringLiteral("/sandpit-artifacts-XXXXXX"));
        if (!dir.isValid()) {
            qCWarning(lcEngine) << "cannot make a folder for artifacts in" << *parent << dir.errorString();
            return {};
        }
        dir.setAutoRemove(false);
        m_root = dir.path();
        // Who owns it, so that RunFolders::removeAbandoned() removes it after a crash.
        OwnerFile::write(m_root);
    }
    const QString folder = folderFor(ticket);
    QDir(folder).removeRecursively(); // a leftover of a cancelled attempt with this ticket
    if (!QDir().mkpath(folder))
        return {};
    return folder;
}

bool ArtifactStore::commit(quint64 ticket)
{
    const QMutexLocker lock(&m_mutex);
    if (ticket <= m_keptTicket) {
        QDir(folderFor(ticket)).removeRecursively();
        return false;
    }
    if (m_keptTicket != 0)
        QDir(folderFor(m_keptTicket)).removeRecursively();
    m_keptTicket = ticket;
    return true;
}

QString ArtifactStore::root() const
{
    const QMutexLocker lock(&m_mutex);
    return m_root;
}

QString ArtifactStore::folderFor(quint64 ticket) const
{
    return m_root + QStringLiteral("/run-%1").arg(ticket);
}

} // namespace Sandpit::Core
