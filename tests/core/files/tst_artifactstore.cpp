// What a run leaves in output/ outlives its workspace: copied into the app's own folder, the
// same safety rules as the list (no symlink, no hard link followed or copied), within caps that
// are reported, and removed when the next run's copies are kept or the app ends.
#include "files/artifactcollector.h"
#include "files/artifactstore.h"
#include "files/runfolders.h"
#include "files/workspace.h"
#include "support/testfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Sandpit::Core;
using namespace TestFiles;

namespace {
QStringList keptFiles(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}
} // namespace

class TestArtifactStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_parent = std::make_unique<QTemporaryDir>();
        QVERIFY(m_parent->isValid());
        m_store = std::make_shared<ArtifactStore>(m_parent->path());
    }

    void cleanup()
    {
        m_store.reset();
        m_parent.reset();
    }

    void keepsArtifactsAfterTheWorkspaceIsGone()
    {
        RunResult result;
        {
            auto ws = Workspace::create();
            QVERIFY(ws);
            const QString out = ws->outputDir();
            QVERIFY(writeFile(out + QStringLiteral("/plot.png"), kPng));
            QVERIFY(writeFile(out + QStringLiteral("/data.csv"), "x,y\n1,\"2,5\"\n"));
            QVERIFY(writeFile(out + QStringLiteral("/notes/readme.txt"), "hello\n"));
            QVERIFY(writeFile(out + QStringLiteral("/blob.bin"), QByteArray("\0\1\2\3", 4)));
            ArtifactCollector::collect(out, {}, ArtifactStore::reserve(m_store)).applyTo(result);
        }
        QVERIFY(!result.artifactsDir.isEmpty());
        QVERIFY(QDir::isAbsolutePath(result.artifactsDir));
        QCOMPARE(result.artifactsFound, 4);
        QCOMPARE(result.artifactsByteCap, 0);
        QCOMPARE(result.artifacts.size(), 4);
        for (const Artifact &a : result.artifacts)
            QVERIFY2(a.kept, qPrintable(a.path));
        QCOMPARE(keptFiles(result.artifactsDir),
                 (QStringList{QStringLiteral("blob.bin"), QStringLiteral("data.csv"),
                              QStringLiteral("notes/readme.txt"), QStringLiteral("plot.png")}));
        QCOMPARE(readFile(result.artifactsDir + QStringLiteral("/plot.png")), kPng);
        QCOMPARE(readFile(result.artifactsDir + QStringLiteral("/data.csv")), QByteArray("x,y\n1,\"2,5\"\n"));
        QCOMPARE(readFile(result.artifactsDir + QStringLiteral("/blob.bin")), QByteArray("\0\1\2\3", 4));
        QCOMPARE(result.artifacts.at(3).mimeType, QStringLiteral("image/png"));
    }

    void linksAreSkippedAndNotCopied()
    {
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/real.txt"), "mine"));
        QVERIFY(writeFile(host.filePath(QStringLiteral("secret.txt")), "the user's"));
        QVERIFY(writeFile(host.filePath(QStringLiteral("private/key.pem")), "secret"));
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), out + QStringLiteral("/passwd")));
        QVERIFY(QFile::link(host.filePath(QStringLiteral("private")), out + QStringLiteral("/private")));
        QCOMPARE(::link(QFile::encodeName(host.filePath(QStringLiteral("secret.txt"))).constData(),
                        QFile::encodeName(out + QStringLiteral("/copy.txt")).constData()),
                 0);
        const auto c = ArtifactCollector::collect(out, {}, ArtifactStore::reserve(m_store));
        QCOMPARE(c.artifacts.size(), 1);
        QCOMPARE(c.artifacts.at(0).path, QStringLiteral("real.txt"));
        QCOMPARE(c.skippedLinks, 3);
        QCOMPARE(keptFiles(c.keptDir), QStringList{QStringLiteral("real.txt")});
    }

    void fileCountCapIsReported()
    {
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        const int total = ArtifactCollector::kMaxFiles + 5;
        for (int i = 0; i < total; ++i)
            QVERIFY(writeFile(out + QStringLiteral("/f%1.txt").arg(i, 4, 10, QLatin1Char('0')), "x"));
        RunResult result;
        ArtifactCollector::collect(out, {}, ArtifactStore::reserve(m_store)).applyTo(result);
        QCOMPARE(result.artifacts.size(), ArtifactCollector::kMaxFiles);
        QCOMPARE(result.artifactsFound, total);
        QCOMPARE(keptFiles(result.artifactsDir).size(), ArtifactCollector::kMaxFiles);
    }

    void byteCapStopsCopyingAndIsReported()
    {
        m_store = std::make_shared<ArtifactStore>(m_parent->path(), 1000);
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/a.txt"), QByteArray(600, 'a')));
        QVERIFY(writeFile(out + QStringLiteral("/b.txt"), QByteArray(600, 'b')));
        RunResult result;
        ArtifactCollector::collect(out, {}, ArtifactStore::reserve(m_store)).applyTo(result);
        QCOMPARE(result.artifacts.size(), 2);
        QCOMPARE(result.artifactsByteCap, 1000);
        QCOMPARE(int(result.artifacts.at(0).kept) + int(result.artifacts.at(1).kept), 1);
        QCOMPARE(keptFiles(result.artifactsDir).size(), 1);
        qint64 keptBytes = 0;
        for (const QString &f : keptFiles(result.artifactsDir))
            keptBytes += QFileInfo(result.artifactsDir + QLatin1Char('/') + f).size();
        QCOMPARE(keptBytes, 600);
    }

    void nextRunReplacesTheKeptFolderAndTheStoreCleansUp()
    {
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/one.txt"), "1"));
        const auto first = ArtifactCollector::collect(out, {}, ArtifactStore::reserve(m_store));
        QVERIFY(QFileInfo::exists(first.keptDir + QStringLiteral("/one.txt")));
        const auto second = ArtifactCollector::collect(out, {}, ArtifactStore::reserve(m_store));
        QVERIFY(QFileInfo::exists(second.keptDir + QStringLiteral("/one.txt")));
        QVERIFY(!QFileInfo::exists(first.keptDir));

        const QString root = m_store->root();
        QVERIFY(QFileInfo(root).isDir());
        m_store.reset();
        QVERIFY(!QFileInfo::exists(root));
    }

    void aStaleRunDoesNotReplaceANewerOne()
    {
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/one.txt"), "1"));
        const ArtifactKeeping older = ArtifactStore::reserve(m_store);
        const ArtifactKeeping newer = ArtifactStore::reserve(m_store);
        const auto kept = ArtifactCollector::collect(out, {}, newer);
        const auto stale = ArtifactCollector::collect(out, {}, older);
        QVERIFY(stale.keptDir.isEmpty());
        QVERIFY(!stale.artifacts.at(0).kept);
        QVERIFY(QFileInfo::exists(kept.keptDir + QStringLiteral("/one.txt")));
    }

    void aKilledSandpitsCopiesAreSwept()
    {
        // A store in the user's folder for runs, as the window's, and one a killed Sandpit left there.
        auto live = std::make_shared<ArtifactStore>();
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/one.txt"), "1"));
        QVERIFY(!ArtifactCollector::collect(out, {}, ArtifactStore::reserve(live)).keptDir.isEmpty());
        QVERIFY(live->root().startsWith(*RunFolders::parent() + QLatin1Char('/')));
        QTemporaryDir abandoned(*RunFolders::parent() + QStringLiteral("/sandpit-artifacts-XXXXXX"));
        QVERIFY(writeFile(abandoned.filePath(QStringLiteral("run-1/plot.png")), kPng));
        QVERIFY(writeFile(abandoned.filePath(QStringLiteral("owner")), "2147483646")); // above any pid_max
        QVERIFY(RunFolders::removeAbandoned() >= 1);
        QVERIFY(!QFileInfo::exists(abandoned.path()));
        QVERIFY(QFileInfo::exists(live->root() + QStringLiteral("/run-1/one.txt")));
    }

    void withoutAStoreNothingIsCopied()
    {
        QTemporaryDir host;
        const QString out = host.filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/one.txt"), "1"));
        const auto c = ArtifactCollector::collect(out, {});
        QCOMPARE(c.artifacts.size(), 1);
        QVERIFY(!c.artifacts.at(0).kept);
        QVERIFY(c.keptDir.isEmpty());
        QVERIFY(m_store->root().isEmpty());
    }

private:
    std::unique_ptr<QTemporaryDir> m_parent;
    std::shared_ptr<ArtifactStore> m_store;
};

QTEST_GUILESS_MAIN(TestArtifactStore)
#include "tst_artifactstore.moc"
