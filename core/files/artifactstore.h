#pragma once

#include <QMutex>
#include <QString>

#include <memory>

namespace Sandpit::Core {

class ArtifactStore;

/// A run's claim on an ArtifactStore: which store, and its place in line. Empty (no store):
/// the artifacts are only listed, never copied, as on the command line.
struct ArtifactKeeping {
    std::shared_ptr<ArtifactStore> store;
    quint64 ticket = 0;
};

/// An app-owned folder that holds a copy of the last run's artifacts, so they can be previewed
/// and saved after the run's workspace is gone. It keeps one run's copy at a time: keeping a
/// new run's removes the one before, and destroying the store removes everything. Thread-safe:
/// tickets are handed out on the GUI thread and the copying happens on the engine's workers.
class ArtifactStore final
{
public:
    static constexpr qint64 kDefaultMaxBytes = 64LL * 1024 * 1024;

    /// The folder is made on first use under `parentDir` (this user's folder for runs,
    /// RunFolders::parent(), when empty), so a store that never keeps anything never touches
    /// the disk.
    explicit ArtifactStore(QString parentDir = {}, qint64 maxBytes = kDefaultMaxBytes);
    ~ArtifactStore();
    ArtifactStore(const ArtifactStore &) = delete;
    ArtifactStore &operator=(const ArtifactStore &) = delete;

    /// A claim for a run that is starting; later claims are newer runs.
    static ArtifactKeeping reserve(const std::shared_ptr<ArtifactStore> &store);

    /// How many bytes one run may keep in all.
    qint64 maxBytes() const { return m_maxBytes; }
    /// A new, empty folder for `ticket`'s copies, or empty when a newer run has already kept
    /// its artifacts (this run's result is stale) or the folder cannot be made.
    QString begin(quint64 ticket);
    /// Makes `ticket`'s folder the kept one and removes the one before. False (and its folder
    /// removed) when a newer run kept its artifacts in the meantime.
    bool commit(quint64 ticket);
    /// The folder holding the kept runs' folders; empty until first used.
    QString root() const;

private:
    QString folderFor(quint64 ticket) const;

    mutable QMutex m_mutex;
    QString m_parentDir;
    const qint64 m_maxBytes;
    QString m_root;
    quint64 m_nextTicket = 1;
    quint64 m_keptTicket = 0;
};

} // namespace Sandpit::Core
