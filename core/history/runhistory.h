#pragma once

#include "history/runrecord.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

/// The run history on disk: one JSON file per run in one folder, named so that name order is
/// time order. Blocking file work: call it from a worker thread, never the GUI thread.
class RunHistory final
{
public:
    struct Listing {
        QList<RunRecord> records; ///< newest first
        QStringList notes;        ///< one sentence per record that could not be read, and why
    };

    /// Records live in `directory`, which is made when the first one is written; beyond
    /// `maxRecords` the oldest are deleted.
    RunHistory(QString directory, int maxRecords);

    QString directory() const { return m_directory; }

    /// Writes `record` atomically (a reader never sees half a record) and deletes the oldest
    /// records beyond the cap. Returns the stored record's id.
    std::expected<QString, QString> store(const RunRecord &record) const;

    /// Up to `limit` records (all when negative), newest first. A record that is corrupt or
    /// unreadable is skipped with a note; one deleted meanwhile is skipped silently.
    Listing load(int limit = -1) const;

private:
    QStringList fileNamesNewestFirst() const;
    void prune() const;

    QString m_directory;
    int m_maxRecords;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::RunHistory::Listing)
