// KeptWorkspace on its own: what comes back, what is removed, and what is never touched.
#include "keptworkspace.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using SandpitTest::readFile;
using SandpitTest::writeFile;

class TestKeptWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void copyBackMirrorsTheRunButLeavesSymlinksAlone()
    {
        QTemporaryDir dir;
        const QString run = dir.filePath(QStringLiteral("run"));
        const QString kept = dir.filePath(QStringLiteral("kept"));
        writeFile(run + QStringLiteral("/counter.txt"), "2\n");
        writeFile(run + QStringLiteral("/sub/new.txt"), "new\n");
        writeFile(run + QStringLiteral("/.sandpit-run/token"), "secret\n");
        writeFile(run + QStringLiteral("/.sandpit/main"), "what the compiler built\n");
        writeFile(kept + QStringLiteral("/counter.txt"), "1\n");
        writeFile(kept + QStringLiteral("/gone.txt"), "removed by the program\n");
        writeFile(kept + QStringLiteral("/olddir/x.txt"), "x\n");
        writeFile(dir.filePath(QStringLiteral("outside.txt")), "never touched\n");
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("outside.txt")), kept + QStringLiteral("/link.txt")));

        QVERIFY(KeptWorkspace::copyBack(run, kept, {QStringLiteral(".sandpit-run")}));
        QCOMPARE(readFile(kept + QStringLiteral("/counter.txt")), QByteArray("2\n"));
        QCOMPARE(readFile(kept + QStringLiteral("/sub/new.txt")), QByteArray("new\n"));
        QVERIFY(!QFileInfo::exists(kept + QStringLiteral("/gone.txt")));
        QVERIFY(!QFileInfo::exists(kept + QStringLiteral("/olddir")));
        QVERIFY(!QFileInfo::exists(kept + QStringLiteral("/.sandpit-run")));
        QVERIFY(!QFileInfo::exists(kept + QStringLiteral("/.sandpit")));
        QVERIFY(QFileInfo(kept + QStringLiteral("/link.txt")).isSymLink());
        QCOMPARE(readFile(dir.filePath(QStringLiteral("outside.txt"))), QByteArray("never touched\n"));
    }

    void copyInNeverFollowsASymlink()
    {
        QTemporaryDir dir;
        const QString kept = dir.filePath(QStringLiteral("kept"));
        const QString work = dir.filePath(QStringLiteral("work"));
        writeFile(kept + QStringLiteral("/a.txt"), "a\n");
        writeFile(dir.filePath(QStringLiteral("secret.txt")), "secret\n");
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("secret.txt")), kept + QStringLiteral("/secret.txt")));
        QVERIFY(QDir().mkpath(work));
        QVERIFY(KeptWorkspace::copyIn(kept, work));
        QCOMPARE(readFile(work + QStringLiteral("/a.txt")), QByteArray("a\n"));
        QVERIFY(!QFileInfo::exists(work + QStringLiteral("/secret.txt")));
    }

    void aMissingRunFolderRemovesNothing()
    {
        QTemporaryDir dir;
        const QString kept = dir.filePath(QStringLiteral("kept"));
        writeFile(kept + QStringLiteral("/keep.txt"), "k\n");
        QVERIFY(!KeptWorkspace::copyBack(dir.filePath(QStringLiteral("no-such-run")), kept));
        QVERIFY(QFileInfo::exists(kept + QStringLiteral("/keep.txt")));
    }

    void prepareMakesTheFolderAndRefusesAFile()
    {
        QTemporaryDir dir;
        QVERIFY(KeptWorkspace::prepare(dir.filePath(QStringLiteral("new/ws"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("new/ws"))).isDir());
        writeFile(dir.filePath(QStringLiteral("file")), "x");
        const auto refused = KeptWorkspace::prepare(dir.filePath(QStringLiteral("file")));
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(QStringLiteral("not a folder")));
    }

    void prepareRefusesMoreThanAWorkspaceHolds()
    {
        QTemporaryDir dir;
        QFile big(dir.filePath(QStringLiteral("big.bin")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(KeptWorkspace::kMaxBytes + 1)); // sparse: costs no disk
        big.close();
        const auto refused = KeptWorkspace::prepare(dir.path());
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(QStringLiteral("64 MB")));
    }

    void resetEmptiesTheFolder()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("a/b.txt")), "b");
        writeFile(dir.filePath(QStringLiteral(".hidden")), "h");
        QVERIFY(KeptWorkspace::reset(dir.path()));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
        QVERIFY(QFileInfo(dir.path()).isDir());
    }
};

QTEST_GUILESS_MAIN(TestKeptWorkspace)
#include "tst_keptworkspace.moc"
