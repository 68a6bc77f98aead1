#pragma once

#include "model/runerror.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// Journaled autosave: the text of every open buffer, untitled ones too, kept in Sandpit's
/// data folder — never over the learner's own file — so that a crash or a kill -9 loses
/// nothing. Each editing session (one running Sandpit) writes into a folder of its own with
/// an owner file; a later Sandpit finds the folders whose owner is gone and offers their
/// buffers back. Every entry is written whole or not at all (QSaveFile). Writes do disk work:
/// call them off the window's thread.
class BufferJournal final
{
public:
    /// One buffer as it was when last journaled.
    struct Entry {
        QString bufferId; ///< stable for the buffer's life: a plain name ([A-Za-z0-9_-])
        QString filePath; ///< the file it edits; empty for an untitled buffer
        QString languageId;
        QString text;
        int line = 0; ///< the cursor
        int column = 0;
        bool modified = false; ///< it differed from the file on disk
        QDateTime journaledAt;
    };

    /// What crashed sessions left: their buffers, oldest session first, and what could not be
    /// read (a corrupt entry is skipped with a note, never a crash).
    struct Recovery {
        QList<Entry> entries;
        QStringList skipped;     ///< "file: why"
        QStringList sessionDirs; ///< to discard() once the learner has chosen
        /// A session ended without keep(): a crash, a kill -9, a power cut.
        bool crashed = false;
    };

    /// `root`: the journal's folder, e.g. <data dir>/journal.
    explicit BufferJournal(QString root);

    /// Makes this session's folder and its owner file.
    Expected<void> open();
    QString sessionDir() const { return m_sessionDir; }
    /// Writes one buffer's entry, replacing the one before.
    Expected<void> write(const Entry &entry) const;
    /// The buffer was closed (saved or discarded on purpose): its entry goes.
    void remove(const QString &bufferId) const;
    /// A clean exit: the session's folder goes, and nothing is offered next time.
    void close();
    /// An exit that keeps the session's buffers for the next start on purpose (a logout with
    /// unsaved changes): the folder stays, marked, so that start does not call it a crash.
    void keep() const;

    /// The buffers of sessions whose process is gone.
    static Recovery findAbandoned(const QString &root);
    /// Removes those sessions' folders, once their buffers were restored or declined.
    static void discard(const QStringList &sessionDirs);

private:
    QString m_root;
    QString m_sessionDir;
};

} // namespace Sandpit::Core
