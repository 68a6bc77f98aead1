// Where run folders are made, and the sweep of those a killed Sandpit left: another user can
// plant neither a folder Sandpit will use nor one whose removal reaches their choice of files.
// Meaningful as root and as an ordinary user: a folder of another uid is made with chown as
// root; as an ordinary user, who cannot make one, a planted link plays its part.
#include "files/ownerfile.h"
#include "files/runfolders.h"
#include "files/workspace.h"
#include "support/testfiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace Sandpit::Core;
using namespace TestFiles;

namespace {
constexpr uid_t kNobody = 65534;
const QByteArray kDeadPid = "2147483646"; // above any pid_max: no such process

int chownToNobody(const char *path, const struct stat *, int, FTW *)
{
    return ::lchown(path, kNobody, kNobody);
}

// A folder as a killed Sandpit leaves it: an owner file naming a process that is gone.
bool plantAbandoned(const QString &folder, const QByteArray &owner = kDeadPid)
{
    return writeFile(folder + QStringLiteral("/work/main.py"), "print('the learner's code')\n")
        && writeFile(folder + QStringLiteral("/owner"), owner);
}

mode_t modeOf(const QString &path)
{
    struct stat st { };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 0;
}
} // namespace

class TestRunFolders : public QObject
{
    Q_OBJECT

private:
    QString temp(const QString &name) const { return m_tmp->filePath(name); }
    QString ownFolder() const { return temp(QStringLiteral("sandpit-%1").arg(::geteuid())); }

    // What another local user can leave where Sandpit looks: a link to the user's own files, a
    // file, and (root alone can make one to test with) a folder of their own.
    void addPlantings()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("a link to the user's files") << QStringLiteral("link");
        QTest::newRow("a file") << QStringLiteral("file");
        if (::geteuid() == 0)
            QTest::newRow("another user's folder") << QStringLiteral("foreign");
    }

    bool plant(const QString &kind, const QString &path) const
    {
        if (kind == QLatin1String("link"))
            return QFile::link(m_victim->path(), path);
        if (kind == QLatin1String("file"))
            return writeFile(path, kDeadPid);
        // Mode 0777, as an attacker would leave it for us to write into.
        return QDir().mkpath(path) && ::chmod(QFile::encodeName(path).constData(), 0777) == 0
            && ::nftw(QFile::encodeName(path).constData(), chownToNobody, 16, FTW_PHYS) == 0;
    }

    QStringList victimFiles() const
    {
        return QDir(m_victim->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    }

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<QTemporaryDir> m_victim; ///< files of the user's that a planted folder aims at
    QByteArray m_savedRuntimeDir;

private Q_SLOTS:
    void initTestCase() { m_savedRuntimeDir = qgetenv("XDG_RUNTIME_DIR"); }

    void init()
    {
        // A private TMPDIR stands for the shared /tmp, and no runtime folder unless a test
        // gives one.
        m_tmp = std::make_unique<QTemporaryDir>();
        m_victim = std::make_unique<QTemporaryDir>();
        QVERIFY(m_tmp->isValid() && m_victim->isValid());
        QVERIFY(::chmod(QFile::encodeName(m_tmp->path()).constData(), 01777) == 0);
        qputenv("TMPDIR", QFile::encodeName(m_tmp->path()));
        qunsetenv("XDG_RUNTIME_DIR");
        QVERIFY(writeFile(m_victim->filePath(QStringLiteral("thesis.tex")), "months of work\n"));
        QVERIFY(writeFile(m_victim->filePath(QStringLiteral("owner")), kDeadPid));
    }

    void cleanup()
    {
        qunsetenv("TMPDIR");
        if (!m_savedRuntimeDir.isEmpty())
            qputenv("XDG_RUNTIME_DIR", m_savedRuntimeDir);
        m_tmp.reset();
        m_victim.reset();
    }

    void runsAreMadeInAFolderOfTheUsersOwn()
    {
        auto ws = Workspace::create();
        QVERIFY2(ws, ws ? "" : qPrintable(ws.error().message));
        QCOMPARE(QFileInfo(ws->root()).absolutePath(), ownFolder());
        QCOMPARE(modeOf(ownFolder()), mode_t(0700));
        QCOMPARE(QFileInfo(ownFolder()).ownerId(), ::geteuid());
        QVERIFY(!QFileInfo(ownFolder()).isSymLink());
        // Nothing of the run is left directly in the shared folder.
        QCOMPARE(QDir(m_tmp->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QFileInfo(ownFolder()).fileName()});
    }

    void aFolderOfOursWithLooserModeIsTightened()
    {
        QVERIFY(QDir().mkpath(ownFolder()));
        QVERIFY(::chmod(QFile::encodeName(ownFolder()).constData(), 0755) == 0);
        QVERIFY(Workspace::create());
        // Nobody else may list or write it. Root keeps the search bits: its runs below full
        // isolation run as nobody, who must pass through to the workspace.
        QCOMPARE(modeOf(ownFolder()), mode_t(::geteuid() == 0 ? 0711 : 0700));
    }

    void aPlantedFolderIsNeverUsed_data() { addPlantings(); }
    void aPlantedFolderIsNeverUsed()
    {
        QFETCH(QString, kind);
        QVERIFY(plant(kind, ownFolder()));
        const auto ws = Workspace::create();
        QVERIFY2(!ws, "a run was made in a folder another user planted");
        QCOMPARE(ws.error().code, RunError::Code::SetupFailed);
        // The message says what to remove.
        QVERIFY2(ws.error().message.contains(QStringLiteral("Remove ") + ownFolder()), qPrintable(ws.error().message));
        QCOMPARE(victimFiles(), (QStringList{QStringLiteral("owner"), QStringLiteral("thesis.tex")}));
        if (kind == QLatin1String("foreign"))
            QCOMPARE(QDir(ownFolder()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    }

    void theRuntimeFolderStandsInWhenTheTemporaryOneIsTaken()
    {
        QTemporaryDir runtime; // 0700 and ours, as /run/user/<uid> is
        QVERIFY(runtime.isValid());
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime.path()));
        QVERIFY(plant(QStringLiteral("link"), ownFolder()));
        auto ws = Workspace::create();
        QVERIFY2(ws, ws ? "" : qPrintable(ws.error().message));
        QCOMPARE(QFileInfo(ws->root()).absolutePath(), runtime.filePath(QStringLiteral("sandpit")));
        QCOMPARE(modeOf(runtime.filePath(QStringLiteral("sandpit"))), mode_t(0700));
        QCOMPARE(victimFiles(), (QStringList{QStringLiteral("owner"), QStringLiteral("thesis.tex")}));
    }

    void aKilledSandpitsFoldersAreRemoved()
    {
        const auto own = RunFolders::parent();
        QVERIFY2(own, own ? "" : qPrintable(own.error().message));
        const QString dead = *own + QStringLiteral("/sandpit-run-dead");
        QVERIFY(plantAbandoned(dead));
        // What a program may leave: folders it made read-only or unreadable, and a link out.
        QVERIFY(writeFile(dead + QStringLiteral("/work/locked/inside.txt"), "x"));
        QVERIFY(writeFile(dead + QStringLiteral("/work/sealed/inside.txt"), "x"));
        QVERIFY(QFile::link(m_victim->path(), dead + QStringLiteral("/work/victim")));
        QVERIFY(::chmod(QFile::encodeName(dead + QStringLiteral("/work/locked")).constData(), 0555) == 0);
        QVERIFY(::chmod(QFile::encodeName(dead + QStringLiteral("/work/sealed")).constData(), 0) == 0);
        QVERIFY(plantAbandoned(*own + QStringLiteral("/sandpit-artifacts-dead")));
        const QString live = *own + QStringLiteral("/sandpit-run-live");
        QVERIFY(plantAbandoned(live, QByteArray::number(QCoreApplication::applicationPid())));
        // One an older Sandpit left directly in the temporary folder.
        QVERIFY(plantAbandoned(temp(QStringLiteral("sandpit-run-older"))));

        QCOMPARE(RunFolders::removeAbandoned(), 3);
        QVERIFY(!QFileInfo::exists(dead));
        QVERIFY(!QFileInfo::exists(*own + QStringLiteral("/sandpit-artifacts-dead")));
        QVERIFY(!QFileInfo::exists(temp(QStringLiteral("sandpit-run-older"))));
        QCOMPARE(readFile(live + QStringLiteral("/work/main.py")), QByteArray("print('the learner's code')\n"));
        QCOMPARE(victimFiles(), (QStringList{QStringLiteral("owner"), QStringLiteral("thesis.tex")}));
    }

    void foldersOfOthersAreLeftAlone_data() { addPlantings(); }
    void foldersOfOthersAreLeftAlone()
    {
        QFETCH(QString, kind);
        const QString planted = temp(QStringLiteral("sandpit-run-planted"));
        QVERIFY(plant(kind, planted));
        if (kind == QLatin1String("foreign")) {
            // Made as another user would make it, owner file and all, then handed to them.
            QVERIFY(plantAbandoned(planted));
            QVERIFY(::nftw(QFile::encodeName(planted).constData(), chownToNobody, 16, FTW_PHYS) == 0);
        }
        QCOMPARE(RunFolders::removeAbandoned(), 0);
        QVERIFY(QFileInfo::exists(planted) || QFileInfo(planted).isSymLink());
        QCOMPARE(victimFiles(), (QStringList{QStringLiteral("owner"), QStringLiteral("thesis.tex")}));
        if (kind == QLatin1String("foreign"))
            QCOMPARE(readFile(planted + QStringLiteral("/work/main.py")), QByteArray("print('the learner's code')\n"));
    }

    void aFifoAsOwnerDoesNotHangTheSweep()
    {
        const auto own = RunFolders::parent();
        QVERIFY(own);
        const QString folder = *own + QStringLiteral("/sandpit-run-fifo");
        QVERIFY(QDir().mkpath(folder));
        const QByteArray fifo = QFile::encodeName(folder + QStringLiteral("/owner"));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        std::atomic<bool> done = false;
        std::thread sweeper([&done] {
            RunFolders::removeAbandoned();
            done = true;
        });
        const auto join = qScopeGuard([&] {
            // A sweep stuck in open() is let go by a writer, so that a failing test ends.
            if (!done) {
                const int writer = ::open(fifo.constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
                if (writer >= 0)
                    ::close(writer);
            }
            sweeper.join();
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, 5000);
        QVERIFY(QFileInfo(folder).isDir()); // not ours to judge: it says nothing of its owner
    }
};

QTEST_GUILESS_MAIN(TestRunFolders)
#include "tst_runfolders.moc"
