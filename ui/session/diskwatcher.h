#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace Sandpit::Ui {

/// Notices when a file open in Sandpit is changed or removed by another program. Sandpit's own
/// saves are told apart by content, not by timing: every look at the file (off the GUI thread)
/// hashes its text and compares it with what Sandpit last read or wrote there. A program that
/// writes in several steps is reported once, after kQuietMs without a further change.
class DiskWatcher final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kQuietMs = 200;

    explicit DiskWatcher(QObject *parent = nullptr);
    ~DiskWatcher() override;

    /// Starts watching `path`, whose text Sandpit holds as `content` (the editor's text as UTF-8,
    /// just as it was opened or saved). A file that already differs is reported at once.
    void watch(const QString &path, const QByteArray &content);
    void unwatch(const QString &path);
    /// Sandpit writes, or has just written, `content` to `path`. Call it before the save
    /// starts: then its own change is known whenever the watcher hears of it, and a save that
    /// fails leaves the old text still counted as Sandpit's.
    void noteSaved(const QString &path, const QByteArray &content);
    QStringList watchedFiles() const { return m_entries.keys(); }

Q_SIGNALS:
    /// `path` holds text other than Sandpit's; `newText` is it, decoded as the editor would.
    /// Also sent when a removed file appears again.
    void changedOnDisk(const QString &path, const QString &newText);
    void removedFromDisk(const QString &path);
    /// A look at `path` has ended, whether or not it found anything to report.
    void fileChecked(const QString &path);

private:
    struct Entry;
    struct Look;

    void schedule(const QString &path, int delayMs = kQuietMs);
    void check(const QString &path);
    void take(const QString &path, quint64 serial, const Look &look);
    void onDirectoryChanged(const QString &directory);

    QFileSystemWatcher *m_watcher;
    QHash<QString, Entry *> m_entries;
    QHash<QString, int> m_directoryUsers;
};

} // namespace Sandpit::Ui
