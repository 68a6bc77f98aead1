#include "session/diskwatcher.h"

#include "session/textfile.h"
#include "window/backgroundtask.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLoggingCategory>
#include <QTimer>

namespace Sandpit::Ui {

namespace {
Q_LOGGING_CATEGORY(lcDiskWatcher, "sandpit.ui.diskwatcher")

QByteArray hashOf(const QByteArray &content)
{
    return QCryptographicHash::hash(content, QCryptographicHash::Sha256);
}

QString absolute(const QString &path)
{
    return QFileInfo(path).absoluteFilePath();
}
} // namespace

struct DiskWatcher::Entry {
    /// What Sandpit last read there, and the saves it has started since: finding any of them
    /// on disk is no news. A short list, collapsed to one at every look.
    QList<QByteArray> known;
    bool missing = false;
    quint64 serial = 0;
    QTimer *quiet = nullptr;
};

struct DiskWatcher::Look {
    bool exists = false;
    QString text;
    QString error;
};

DiskWatcher::DiskWatcher(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
{
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString &path) { schedule(path); });
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &DiskWatcher::onDirectoryChanged);
}

DiskWatcher::~DiskWatcher()
{
    qDeleteAll(m_entries);
}

void DiskWatcher::watch(const QString &path, const QByteArray &content)
{
    const QString file = absolute(path);
    Entry *&entry = m_entries[file];
    if (!entry) {
        entry = new Entry;
        entry->quiet = new QTimer(this);
        entry->quiet->setSingleShot(true);
        connect(entry->quiet, &QTimer::timeout, this, [this, file] { check(file); });
        // The folder too: it is how a file that was removed is seen coming back.
        const QString directory = QFileInfo(file).path();
        if (m_directoryUsers[directory]++ == 0)
            m_watcher->addPath(directory);
    }
    entry->known = {hashOf(content)};
    entry->missing = false;
    // At once: the file may have changed between Sandpit's read and now.
    schedule(file, 0);
}

void DiskWatcher::unwatch(const QString &path)
{
    const QString file = absolute(path);
    Entry *entry = m_entries.take(file);
    if (!entry)
        return;
    delete entry->quiet;
    delete entry;
    if (m_watcher->files().contains(file))
        m_watcher->removePath(file);
    const QString directory = QFileInfo(file).path();
    if (--m_directoryUsers[directory] == 0) {
        m_directoryUsers.remove(directory);
        m_watcher->removePath(directory);
    }
}

void DiskWatcher::noteSaved(const QString &path, const QByteArray &content)
{
    Entry *entry = m_entries.value(absolute(path));
    if (!entry)
        return;
    entry->known << hashOf(content);
    if (entry->known.size() > 4)
        entry->known.removeFirst();
    // A look under way may have read the file before this save, and would call the old text news.
    ++entry->serial;
    if (!entry->quiet->isActive())
        schedule(absolute(path));
}

void DiskWatcher::schedule(const QString &path, int delayMs)
{
    if (Entry *entry = m_entries.value(path))
        entry->quiet->start(delayMs);
}

void DiskWatcher::check(const QString &path)
{
    Entry *entry = m_entries.value(path);
    if (!entry)
        return;
    // The watch is renewed before every read, never after: a save by rename leaves the old
    // watch on the replaced file (inotify follows the inode, and Qt drops it once that is
    // deleted), and a change made after the renewal comes as a new event, so none falls between.
    if (m_watcher->files().contains(path))
        m_watcher->removePath(path);
    // A missing file cannot be watched (Qt warns); the folder's watch stands in for it.
    if (QFileInfo::exists(path))
        m_watcher->addPath(path);
    const quint64 serial = ++entry->serial;
    runInBackground<Look>(
        this,
        [path] {
            Look look;
            look.exists = QFileInfo(path).isFile();
            if (!look.exists)
                return look;
            if (auto contents = TextFile::read(path))
                look.text = contents->text;
            else
                look.error = contents.error();
            return look;
        },
        [this, path, serial](const Look &look) { take(path, serial, look); });
}

void DiskWatcher::take(const QString &path, quint64 serial, const Look &look)
{
    Entry *entry = m_entries.value(path);
    if (!entry || serial != entry->serial)
        return;
    if (!look.exists) {
        if (!entry->missing) {
            entry->missing = true;
            Q_EMIT removedFromDisk(path);
        }
    } else if (!look.error.isEmpty()) {
        // Too big, binary, unreadable: nothing the editor could reload, so nothing to offer.
        qCWarning(lcDiskWatcher) << "not reporting a change to" << path << ":" << look.error;
    } else {
        const QByteArray hash = hashOf(look.text.toUtf8());
        const qsizetype at = entry->known.indexOf(hash);
        const bool news = entry->missing || at < 0;
        entry->missing = false;
        // Keep the texts Sandpit saved after this one: a slow save may land after this look.
        entry->known = at < 0 ? QList<QByteArray>{hash} : entry->known.mid(at);
        if (news)
            Q_EMIT changedOnDisk(path, look.text);
    }
    Q_EMIT fileChecked(path);
}

void DiskWatcher::onDirectoryChanged(const QString &directory)
{
    const QStringList watched = m_watcher->files();
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (QFileInfo(it.key()).path() == directory && (it.value()->missing || !watched.contains(it.key())))
            schedule(it.key());
    }
}

} // namespace Sandpit::Ui
