#pragma once

#include "history/bufferjournal.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>

namespace Sandpit::Ui {

class DocumentTab;
class DocumentTabs;

/// Journaled autosave for the window's tabs: a couple of seconds after typing starts, before
/// every run and whenever a tab is saved or renamed, each changed buffer is written whole into
/// the journal (core BufferJournal) on a thread of its own, in order. At start it looks for the
/// buffers a crashed Sandpit left, and says so with recoveryFound().
class AutosaveSession final : public QObject
{
    Q_OBJECT
public:
    /// `root`: the journal's folder, e.g. <data dir>/journal.
    AutosaveSession(const QString &root, DocumentTabs &tabs, QObject *parent = nullptr);
    /// The end: waits for the writes in flight, then removes this session's entries (unless
    /// keepUnsaved() was called with unsaved buffers open).
    ~AutosaveSession() override;

    /// Opens this session's journal and looks for abandoned ones.
    void start();
    /// Writes every buffer changed since its last entry, now.
    void journalNow();
    /// Removes sessions whose buffers were restored or declined, after the writes queued
    /// before (so a restored buffer is in this session's journal before the old one goes).
    void discard(const QStringList &sessionDirs);
    /// The end of a session nobody can answer questions in (a logout, a shutdown): every
    /// unsaved buffer is journaled now and stays there for the next start to offer back; the
    /// entries of the others go, so a file that was saved is not offered as if it were lost.
    void keepUnsaved();

    /// How long after the first change a buffer is written (and so the most typing a kill -9
    /// can take away).
    static constexpr int kDelayMs = 2000;

Q_SIGNALS:
    void recoveryFound(const Sandpit::Core::BufferJournal::Recovery &recovery);
    /// A write failed; said once until a write works again.
    void journalFailed(const QString &message);
    /// Entries reached the disk (for the status bar and tests).
    void journaled(int entries);

private:
    void watch(DocumentTab *tab);
    void markChanged(DocumentTab *tab);

    DocumentTabs &m_tabs;
    std::shared_ptr<Core::BufferJournal> m_journal;
    QString m_root;
    // One thread, so entries reach the disk in the order they were made.
    QThreadPool m_pool;
    QTimer m_timer;
    QHash<QString, QPointer<DocumentTab>> m_changed; // by buffer id
    bool m_failing = false;
    bool m_keepOnExit = false; ///< keepUnsaved() found unsaved buffers
    // Set by the writer thread when the last batch did not reach the disk.
    std::shared_ptr<std::atomic<bool>> m_writeFailed = std::make_shared<std::atomic<bool>>(false);
};

} // namespace Sandpit::Ui
