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

// A watcher and spies on everything it reports.
struct Watch {
    Ui::DiskWatcher watcher;
    QSignalSpy checked{&watcher, &Ui::DiskWatcher::fileChecked};
    QSignalSpy changed{&watcher, &Ui::DiskWatcher::changedOnDisk};
    QSignalSpy removed{&watcher, &Ui::DiskWatcher::removedFromDisk};

    QString changedPath(qsizetype report) const { return changed.at(report).at(0).toString(); }

    // The text of the next change reported, once it comes; "<no report>" if none does. A
    // burst reported twice shows as a first text that is only part of it.
    QString nextChange()
    {
        if (!QTest::qWaitFor([this] { return changed.size() > m_seen; }, kTimeoutMs))
            return QStringLiteral("<no report>");
        return changed.at(m_seen++).at(1).toString();
    }

private:
    qsizetype m_seen = 0;
};
} // namespace

class TestDiskWatcher : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_serial = 0;

    // A new file for each test, watched, and its first look over.
    QString watched(Watch &w, const QByteArray &content)
    {
        const QString path = m_dir.filePath(QStringLiteral("hello%1.py").arg(++m_serial));
        writeInPlace(path, {content});
        w.watcher.watch(path, content);
        if (!w.checked.wait(kTimeoutMs))
            qFatal("no first look at %s", qPrintable(path));
        return path;
    }

private Q_SLOTS:
    void anotherProgramsWriteIsReportedOnceWithItsText()
    {
        Watch w;
        const QString path = watched(w, "print('hello')\n");
        QCOMPARE(w.changed.size(), 0); // what Sandpit holds is what is there
        writeInPlace(path, {"import sys\n", "print('hello',\n", "      file=sys.stderr)\n"});
        QCOMPARE(w.nextChange(), QStringLiteral("import sys\nprint('hello',\n      file=sys.stderr)\n"));
        QCOMPARE(w.changedPath(0), path);
        // The next change is the next report: nothing from the burst came in between.
        writeInPlace(path, {"print('bye')\n"});
        QCOMPARE(w.nextChange(), QStringLiteral("print('bye')\n"));
        QCOMPARE(w.changed.size(), 2);
    }

    void ownSaveIsNotReported()
    {
        Watch w;
        const QString path = watched(w, "print(1)\n");
        w.checked.clear();
        // As the window saves: noteSaved() first, then TextFile::write (a rename) on a worker.
        w.watcher.noteSaved(path, QByteArrayLiteral("print(2)\n"));
        QVERIFY(Ui::TextFile::write(path, QStringLiteral("print(2)\n")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.checked.isEmpty(), kTimeoutMs);
        QCOMPARE(w.changed.size(), 0);
        // ...and it is still watched after the rename.
        writeInPlace(path, {"print(3)\n"});
        QCOMPARE(w.nextChange(), QStringLiteral("print(3)\n"));
    }

    void failedSaveLeavesTheOldTextSandpits()
    {
        Watch w;
        const QString path = watched(w, "print(1)\n");
        w.checked.clear();
        w.watcher.noteSaved(path, QByteArrayLiteral("never written\n"));
        QTRY_VERIFY_WITH_TIMEOUT(!w.checked.isEmpty(), kTimeoutMs);
        QCOMPARE(w.changed.size(), 0);
    }

    void replacedByRenameIsReportedAndStillWatched()
    {
        Watch w;
        const QString path = watched(w, "a = 1\n");
        replaceByRename(path, "a = 2\n");
        QCOMPARE(w.nextChange(), QStringLiteral("a = 2\n"));
        writeInPlace(path, {"a = 3\n"});
        QCOMPARE(w.nextChange(), QStringLiteral("a = 3\n"));
        replaceByRename(path, "a = 4\n");
        QCOMPARE(w.nextChange(), QStringLiteral("a = 4\n"));
    }

    void removalIsReportedAndARecreatedFileToo()
    {
        Watch w;
        const QString path = watched(w, "x\n");
        QVERIFY(QFile::remove(path));
        QTRY_COMPARE_WITH_TIMEOUT(w.removed.size(), 1, kTimeoutMs);
        QCOMPARE(w.removed.at(0).at(0).toString(), path);
        QCOMPARE(w.changed.size(), 0);
        // Back, even with the same text: the window was told it was gone, so it hears it is back.
        writeInPlace(path, {"x\n"});
        QCOMPARE(w.nextChange(), QStringLiteral("x\n"));
        QCOMPARE(w.removed.size(), 1);
    }

    void differentAlreadyWhenWatchedIsReportedAtOnce()
    {
        Watch w;
        const QString path = m_dir.filePath(QStringLiteral("early.py"));
        writeInPlace(path, {"on disk\n"});
        w.watcher.watch(path, "in the editor\n");
        QCOMPARE(w.nextChange(), QStringLiteral("on disk\n"));
    }

    void unwatchedFileIsNotReported()
    {
        Watch w;
        const QString closed = watched(w, "closed\n");
        const QString open = watched(w, "open\n");
        w.watcher.unwatch(closed);
        QCOMPARE(w.watcher.watchedFiles(), QStringList{open});
        writeInPlace(closed, {"changed\n"});
        writeInPlace(open, {"changed\n"});
        QCOMPARE(w.nextChange(), QStringLiteral("changed\n"));
        QCOMPARE(w.changedPath(0), open);
    }
};

QTEST_MAIN(TestDiskWatcher)
#include "tst_diskwatcher.moc"
