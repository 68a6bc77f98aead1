// The disk watcher on real files: another program's write is reported once with the new text,
// Sandpit's own save is not, a save by rename is reported and still watched after, a removal
// is reported. Between steps the tests wait for fileChecked(), never for time.
#include "session/diskwatcher.h"
#include "session/textfile.h"

#include <QFile>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kTimeoutMs = 10'000;

// In place, as `echo … > file` or a program that opens and writes in several steps does.
void writeInPlace(const QString &path, const QList<QByteArray> &steps)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    for (const QByteArray &step : steps) {
        file.write(step);
        file.flush();
    }
}

// As most editors save: a new file renamed over the old one.
void replaceByRename(const QString &path, const QByteArray &content)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit())
        qFatal("cannot replace %s", qPrintable(path));
}
} // namespace

class TestDiskWatcher : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_serial = 0;

    // A new file for each test, watched, and its first look over.
    QString watched(Ui::DiskWatcher &watcher, const QByteArray &content, QSignalSpy &checked)
    {
        const QString path = m_dir.filePath(QStringLiteral("hello%1.py").arg(++m_serial));
        writeInPlace(path, {content});
        watcher.watch(path, content);
        if (!checked.wait(kTimeoutMs))
            qFatal("no first look at %s", qPrintable(path));
        return path;
    }

private Q_SLOTS:
    void anotherProgramsWriteIsReportedOnceWithItsText()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy checked(&watcher, &Ui::DiskWatcher::fileChecked);
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        const QString path = watched(watcher, "print('hello')\n", checked);
        QCOMPARE(changed.size(), 0); // what Sandpit holds is what is there
        writeInPlace(path, {"import sys\n", "print('hello',\n", "      file=sys.stderr)\n"});
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kTimeoutMs);
        QCOMPARE(changed.at(0).at(0).toString(), path);
        QCOMPARE(changed.at(0).at(1).toString(),
                 QStringLiteral("import sys\nprint('hello',\n      file=sys.stderr)\n"));
        // The next change is the next report: nothing from the burst came in between.
        writeInPlace(path, {"print('bye')\n"});
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 2, kTimeoutMs);
        QCOMPARE(changed.at(1).at(1).toString(), QStringLiteral("print('bye')\n"));
    }

    void ownSaveIsNotReported()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy checked(&watcher, &Ui::DiskWatcher::fileChecked);
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        const QString path = watched(watcher, "print(1)\n", checked);
        checked.clear();
        // As the window saves: noteSaved() first, then TextFile::write (a rename) on a worker.
        watcher.noteSaved(path, QByteArrayLiteral("print(2)\n"));
        QVERIFY(Ui::TextFile::write(path, QStringLiteral("print(2)\n")));
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), kTimeoutMs);
        QCOMPARE(changed.size(), 0);
        // ...and it is still watched after the rename.
        writeInPlace(path, {"print(3)\n"});
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kTimeoutMs);
        QCOMPARE(changed.at(0).at(1).toString(), QStringLiteral("print(3)\n"));
    }

    void failedSaveLeavesTheOldTextSandpits()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy checked(&watcher, &Ui::DiskWatcher::fileChecked);
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        const QString path = watched(watcher, "print(1)\n", checked);
        checked.clear();
        watcher.noteSaved(path, QByteArrayLiteral("never written\n"));
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), kTimeoutMs);
        QCOMPARE(changed.size(), 0);
    }

    void replacedByRenameIsReportedAndStillWatched()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy checked(&watcher, &Ui::DiskWatcher::fileChecked);
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        const QString path = watched(watcher, "a = 1\n", checked);
        replaceByRename(path, "a = 2\n");
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kTimeoutMs);
        QCOMPARE(changed.at(0).at(1).toString(), QStringLiteral("a = 2\n"));
        writeInPlace(path, {"a = 3\n"});
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 2, kTimeoutMs);
        QCOMPARE(changed.at(1).at(1).toString(), QStringLiteral("a = 3\n"));
        replaceByRename(path, "a = 4\n");
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 3, kTimeoutMs);
        QCOMPARE(changed.at(2).at(1).toString(), QStringLiteral("a = 4\n"));
    }

    void removalIsReportedAndARecreatedFileToo()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy checked(&watcher, &Ui::DiskWatcher::fileChecked);
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        QSignalSpy removed(&watcher, &Ui::DiskWatcher::removedFromDisk);
        const QString path = watched(watcher, "x\n", checked);
        QVERIFY(QFile::remove(path));
        QTRY_COMPARE_WITH_TIMEOUT(removed.size(), 1, kTimeoutMs);
        QCOMPARE(removed.at(0).at(0).toString(), path);
        QCOMPARE(changed.size(), 0);
        // Back, even with the same text: the window was told it was gone, so it hears it is back.
        writeInPlace(path, {"x\n"});
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kTimeoutMs);
        QCOMPARE(changed.at(0).at(1).toString(), QStringLiteral("x\n"));
        QCOMPARE(removed.size(), 1);
    }

    void differentAlreadyWhenWatchedIsReportedAtOnce()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        const QString path = m_dir.filePath(QStringLiteral("early.py"));
        writeInPlace(path, {"on disk\n"});
        watcher.watch(path, "in the editor\n");
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kTimeoutMs);
        QCOMPARE(changed.at(0).at(1).toString(), QStringLiteral("on disk\n"));
    }

    void unwatchedFileIsNotReported()
    {
        Ui::DiskWatcher watcher;
        QSignalSpy checked(&watcher, &Ui::DiskWatcher::fileChecked);
        QSignalSpy changed(&watcher, &Ui::DiskWatcher::changedOnDisk);
        const QString closed = watched(watcher, "closed\n", checked);
        const QString open = watched(watcher, "open\n", checked);
        watcher.unwatch(closed);
        QCOMPARE(watcher.watchedFiles(), QStringList{open});
        writeInPlace(closed, {"changed\n"});
        writeInPlace(open, {"changed\n"});
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kTimeoutMs);
        QCOMPARE(changed.at(0).at(0).toString(), open);
    }
};

QTEST_MAIN(TestDiskWatcher)
#include "tst_diskwatcher.moc"
