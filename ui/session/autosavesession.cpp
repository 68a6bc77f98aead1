#include "session/autosavesession.h"

#include "editor/editorwidget.h"
#include "languages/language.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "window/backgroundtask.h"

#include <QDateTime>

namespace Sandpit::Ui {

namespace {
/// An entry whose text is still the editor's UTF-8 bytes: decoding 10 MB takes the GUI thread
/// tens of milliseconds, copying them a few, so the journal's thread decodes.
struct PendingEntry {
    Core::BufferJournal::Entry entry;
    QByteArray utf8;
};

PendingEntry entryFor(const DocumentTab &tab)
{
    Core::BufferJournal::Entry entry;
    entry.bufferId = tab.bufferId();
    entry.filePath = tab.document()->path();
    entry.languageId = tab.document()->language() ? tab.document()->language()->id : QString();
    tab.editor()->getCursorPosition(&entry.line, &entry.column);
    entry.modified = tab.isModified();
    entry.journaledAt = QDateTime::currentDateTimeUtc();
    return {std::move(entry), tab.editor()->utf8Text()};
}
} // namespace

AutosaveSession::AutosaveSession(const QString &root, DocumentTabs &tabs, QObject *parent)
    : QObject(parent)
    , m_tabs(tabs)
    , m_journal(std::make_shared<Core::BufferJournal>(root))
    , m_root(root)
{
    m_pool.setMaxThreadCount(1);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &AutosaveSession::journalNow);
    for (DocumentTab *tab : m_tabs.tabs())
        watch(tab);
    connect(&m_tabs, &DocumentTabs::tabAdded, this, &AutosaveSession::watch);
    connect(&m_tabs, &DocumentTabs::tabClosed, this, [this](DocumentTab *tab) {
        // Closed on purpose, its text saved or let go: nothing to offer back.
        m_changed.remove(tab->bufferId());
        m_pool.start([journal = m_journal, id = tab->bufferId()] { journal->remove(id); });
    });
}

AutosaveSession::~AutosaveSession()
{
    m_timer.stop();
    // Kept, the session's folder outlives its owner, and so the next start finds it abandoned.
    if (!m_keepOnExit)
        m_pool.start([journal = m_journal] { journal->close(); });
    m_pool.waitForDone();
}

void AutosaveSession::start()
{
    const QString root = m_root;
    using Recovery = Core::BufferJournal::Recovery;
    // Looked for before this session's folder exists, though it would not count: its owner lives.
    runInBackground<Recovery>(
        this, [root] { return Core::BufferJournal::findAbandoned(root); },
        [this](const Recovery &recovery) {
            if (!recovery.entries.isEmpty() || !recovery.skipped.isEmpty())
                Q_EMIT recoveryFound(recovery);
        },
        &m_pool);
    using Opened = Core::Expected<void>;
    runInBackground<Opened>(
        this, [journal = m_journal] { return journal->open(); },
        [this](const Opened &opened) {
            if (!opened)
                Q_EMIT journalFailed(QStringLiteral("Autosave is off: %1").arg(opened.error().message));
        },
        &m_pool);
    for (DocumentTab *tab : m_tabs.tabs())
        markChanged(tab);
}

void AutosaveSession::journalNow()
{
    m_timer.stop();
    QList<PendingEntry> entries;
    for (const QPointer<DocumentTab> &tab : std::as_const(m_changed)) {
        if (tab)
            entries << entryFor(*tab);
    }
    m_changed.clear();
    if (entries.isEmpty())
        return;
    using Written = std::pair<int, QString>; // entries written, the first error
    runInBackground<Written>(
        this,
        [journal = m_journal, entries, failed = m_writeFailed]() mutable {
            Written written{0, QString()};
            for (auto &[entry, utf8] : entries) {
                entry.text = QString::fromUtf8(std::exchange(utf8, QByteArray()));
                const auto result = journal->write(entry);
                if (result)
                    ++written.first;
                else if (written.second.isEmpty())
                    written.second = result.error().message;
            }
            failed->store(!written.second.isEmpty());
            return written;
        },
        [this](const Written &written) {
            if (!written.second.isEmpty()) {
                if (!std::exchange(m_failing, true))
                    Q_EMIT journalFailed(QStringLiteral("Autosave could not write: %1").arg(written.second));
            } else {
                m_failing = false;
            }
            if (written.first > 0)
                Q_EMIT journaled(written.first);
        },
        &m_pool);
}

void AutosaveSession::discard(const QStringList &sessionDirs)
{
    // Only once this session holds the buffers on disk: if its own writes fail (a full disk),
    // the dead session's copies are the only ones, and they stay for the next start.
    m_pool.start([sessionDirs, failed = m_writeFailed] {
        if (!failed->load())
            Core::BufferJournal::discard(sessionDirs);
    });
}

void AutosaveSession::keepUnsaved()
{
    m_changed.clear();
    for (DocumentTab *tab : m_tabs.tabs()) {
        if (tab->isModified())
            m_changed.insert(tab->bufferId(), tab);
        else
            m_pool.start([journal = m_journal, id = tab->bufferId()] { journal->remove(id); });
    }
    m_keepOnExit = !m_changed.isEmpty();
    journalNow();
    if (m_keepOnExit)
        m_pool.start([journal = m_journal] { journal->keep(); });
}

void AutosaveSession::watch(DocumentTab *tab)
{
    connect(tab->editor(), &QsciScintilla::textChanged, this, [this, tab] { markChanged(tab); });
    // Saved (or renamed): the entry must say so, or a crash would offer the saved text again.
    connect(tab, &DocumentTab::appearanceChanged, this, [this, tab] { markChanged(tab); });
    connect(tab, &DocumentTab::fileChanged, this, [this, tab] { markChanged(tab); });
    markChanged(tab);
}

void AutosaveSession::markChanged(DocumentTab *tab)
{
    m_changed.insert(tab->bufferId(), tab);
    // Not restarted by each keystroke: steady typing is still written every couple of seconds.
    if (!m_timer.isActive())
        m_timer.start();
}

} // namespace Sandpit::Ui
