// The run's workspace and what is collected from its output folder: nothing of the user's may
// leak in through a bad name or a link, and nothing is left behind in /tmp.
#include "files/artifactcollector.h"
#include "files/runfolders.h"
#include "files/workspace.h"
#include "files/workspacebaseline.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Sandpit::Core;
using namespace TestFiles;

namespace {
// As the local backend builds a run's workspace: an empty one, then the request's files.
Expected<Workspace> workspaceFor(const RunRequest &request)
{
    auto ws = Workspace::create();
    if (!ws)
        return ws;
    if (auto populated = ws->populate(request); !populated)
        return std::unexpected(populated.error());
    return ws;
}

QStringList paths(const QList<Artifact> &artifacts)
{
    QStringList out;
    for (const Artifact &a : artifacts)
        out << a.path;
    return out;
}
} // namespace

class TestWorkspace : public QObject
{
    Q_OBJECT

private:
    QString host(const QString &name) const { return m_host->filePath(name); }
    RunRequest request() const
    {
        RunRequest r;
        r.language = QStringLiteral("python");
        r.entryFile = QStringLiteral("main.py");
        r.sources = {{QStringLiteral("main.py"), "print('hi')\n"}, {QStringLiteral("sub/path.py"), "X = 1\n"}};
        return r;
    }
    // Workspaces go into a private TMPDIR (into the user's own folder there) so the test can see
    // that nothing is left behind.
    QStringList leftovers() const
    {
        return QDir(RunFolders::candidates().constFirst()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
    }

    std::unique_ptr<QTemporaryDir> m_host;
    std::unique_ptr<QTemporaryDir> m_tmp;

private Q_SLOTS:
    void init()
    {
        m_host = std::make_unique<QTemporaryDir>();
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_host->isValid() && m_tmp->isValid());
        qputenv("TMPDIR", QFile::encodeName(m_tmp->path()));
    }
    void cleanup()
    {
        qunsetenv("TMPDIR");
        m_tmp.reset();
        m_host.reset();
    }

    void writesSourcesAndAnEmptyOutputFolder()
    {
        auto ws = workspaceFor(request());
        QVERIFY2(ws, ws ? "" : qPrintable(ws.error().message));
        QVERIFY(ws->root().startsWith(m_tmp->path()));
        QCOMPARE(readFile(ws->workDir() + QStringLiteral("/main.py")), QByteArray("print('hi')\n"));
        QCOMPARE(readFile(ws->workDir() + QStringLiteral("/sub/path.py")), QByteArray("X = 1\n"));
        QVERIFY(QFileInfo(ws->outputDir()).isDir());
        QVERIFY(QDir(ws->outputDir()).isEmpty());
        QVERIFY(!QFileInfo::exists(ws->reportPath()));
        // The program cannot forge its report or rewrite its job.
        QVERIFY(!ws->reportPath().startsWith(ws->workDir()));
        QVERIFY(!ws->jobPath().startsWith(ws->workDir()));
    }

    void copiesInputFilesAndFoldersButNotLinks()
    {
        QVERIFY(writeFile(host(QStringLiteral("numbers.txt")), "1 2 3\n"));
        QVERIFY(writeFile(host(QStringLiteral("data/nested/deep.csv")), "a,b\n"));
        QVERIFY(writeFile(host(QStringLiteral("data/.hidden")), "h"));
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), host(QStringLiteral("data/passwd"))));
        QVERIFY(QFile::link(QStringLiteral("/etc"), host(QStringLiteral("data/etc"))));
        RunRequest r = request();
        r.inputFiles = {{host(QStringLiteral("numbers.txt")), {}},
                        {host(QStringLiteral("numbers.txt")), QStringLiteral("in/renamed.txt")},
                        {host(QStringLiteral("data")), {}}};
        auto ws = workspaceFor(r);
        QVERIFY2(ws, ws ? "" : qPrintable(ws.error().message));
        const QString work = ws->workDir();
        QCOMPARE(readFile(work + QStringLiteral("/numbers.txt")), QByteArray("1 2 3\n"));
        QCOMPARE(readFile(work + QStringLiteral("/in/renamed.txt")), QByteArray("1 2 3\n"));
        QCOMPARE(readFile(work + QStringLiteral("/data/nested/deep.csv")), QByteArray("a,b\n"));
        QCOMPARE(readFile(work + QStringLiteral("/data/.hidden")), QByteArray("h"));
        QVERIFY(!QFileInfo(work + QStringLiteral("/data/passwd")).exists());
        QVERIFY(!QFileInfo(work + QStringLiteral("/data/passwd")).isSymLink());
        QVERIFY(!QFileInfo(work + QStringLiteral("/data/etc")).exists());
        QVERIFY(!QFileInfo(work + QStringLiteral("/data/etc")).isSymLink());
    }

    void rejectsNamesOutsideTheWorkspace_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("parent") << QStringLiteral("../evil.py");
        QTest::newRow("absolute") << QStringLiteral("/etc/passwd");
        QTest::newRow("sneaky") << QStringLiteral("sub/../../evil.py");
        QTest::newRow("empty") << QString();
        QTest::newRow("dot") << QStringLiteral(".");
    }

    void rejectsNamesOutsideTheWorkspace()
    {
        QFETCH(QString, name);
        QVERIFY(!isSafeRelativePath(name));
        RunRequest r = request();
        r.sources << SourceFile{name, "import os\n"};
        const auto ws = workspaceFor(r);
        QVERIFY(!ws);
        QCOMPARE(ws.error().code, RunError::Code::BadRequest);
        QVERIFY2(ws.error().message.contains(QLatin1Char('"') + name + QLatin1Char('"')),
                 qPrintable(ws.error().message));
        QCOMPARE(leftovers(), QStringList());
    }

    void rejectsAnInputNameOutsideTheWorkspace()
    {
        QVERIFY(writeFile(host(QStringLiteral("numbers.txt")), "1\n"));
        RunRequest r = request();
        r.inputFiles = {{host(QStringLiteral("numbers.txt")), QStringLiteral("../numbers.txt")}};
        const auto ws = workspaceFor(r);
        QVERIFY(!ws);
        QCOMPARE(ws.error().code, RunError::Code::BadRequest);
        QVERIFY(ws.error().message.contains(QStringLiteral("../numbers.txt")));
    }

    void safeNamesAreAccepted()
    {
        QVERIFY(isSafeRelativePath(QStringLiteral("a/b.py")));
        QVERIFY(isSafeRelativePath(QStringLiteral("./main.py")));
        QVERIFY(isSafeRelativePath(QStringLiteral("..hidden.py")));
    }

    void missingInputFileIsNamed()
    {
        RunRequest r = request();
        r.inputFiles = {{host(QStringLiteral("no-such-file.csv")), {}}};
        const auto ws = workspaceFor(r);
        QVERIFY(!ws);
        QCOMPARE(ws.error().code, RunError::Code::MissingInputFile);
        QVERIFY2(ws.error().message.contains(host(QStringLiteral("no-such-file.csv"))), qPrintable(ws.error().message));
        QCOMPARE(leftovers(), QStringList());
    }

    void folderIsRemovedWhenDestroyed()
    {
        QString root;
        {
            auto ws = workspaceFor(request());
            QVERIFY(ws);
            root = ws->root();
            QVERIFY(writeFile(ws->outputDir() + QStringLiteral("/result.txt"), "left by the program"));
            // A program may also leave folders it made read-only, or unreadable.
            QVERIFY(writeFile(ws->outputDir() + QStringLiteral("/locked/result.txt"), "x"));
            QVERIFY(writeFile(ws->outputDir() + QStringLiteral("/sealed/result.txt"), "x"));
            QCOMPARE(::chmod(QFile::encodeName(ws->outputDir() + QStringLiteral("/locked")).constData(), 0555), 0);
            QCOMPARE(::chmod(QFile::encodeName(ws->outputDir() + QStringLiteral("/sealed")).constData(), 0), 0);
            Workspace moved = std::move(*ws);
            QCOMPARE(moved.root(), root);
            QVERIFY(QFileInfo(root).isDir());
        }
        QVERIFY(!QFileInfo::exists(root));
        QCOMPARE(leftovers(), QStringList());
    }

    void collectsRegularFilesSorted()
    {
        const QString out = m_host->filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/data.csv"), "x,y\n1,2\n"));
        QVERIFY(writeFile(out + QStringLiteral("/sub/plot.png"), kPng));
        QVERIFY(writeFile(out + QStringLiteral("/chart"), kPng));
        QVERIFY(writeFile(out + QStringLiteral("/a.txt"), {}));
        const auto c = ArtifactCollector::collect(out, {});
        QCOMPARE(paths(c.artifacts),
                 (QStringList{QStringLiteral("a.txt"), QStringLiteral("chart"), QStringLiteral("data.csv"),
                              QStringLiteral("sub/plot.png")}));
        QCOMPARE(c.artifacts.at(0).size, 0);
        QCOMPARE(c.artifacts.at(1).mimeType, QStringLiteral("image/png"));
        QCOMPARE(c.artifacts.at(2).size, 8);
        QCOMPARE(c.artifacts.at(2).mimeType, QStringLiteral("text/csv"));
        QCOMPARE(c.artifacts.at(3).size, kPng.size());
        QCOMPARE(c.artifacts.at(3).mimeType, QStringLiteral("image/png"));
        QCOMPARE(c.skippedLinks, 0);
        QVERIFY(!c.truncated);
    }

    void linksAreNotCollected()
    {
        const QString out = m_host->filePath(QStringLiteral("output"));
        QVERIFY(writeFile(out + QStringLiteral("/real.txt"), "mine"));
        QVERIFY(writeFile(host(QStringLiteral("secret.txt")), "the user's"));
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), out + QStringLiteral("/passwd")));
        QCOMPARE(::link(QFile::encodeName(host(QStringLiteral("secret.txt"))).constData(),
                        QFile::encodeName(out + QStringLiteral("/copy.txt")).constData()),
                 0);
        const auto c = ArtifactCollector::collect(out, {});
        QCOMPARE(paths(c.artifacts), QStringList{QStringLiteral("real.txt")});
        QCOMPARE(c.skippedLinks, 2);
    }

    void linkedFoldersAreNotEntered()
    {
        const QString out = m_host->filePath(QStringLiteral("output"));
        QVERIFY(writeFile(host(QStringLiteral("private/key.pem")), "secret"));
        QVERIFY(QDir().mkpath(out));
        QVERIFY(QFile::link(host(QStringLiteral("private")), out + QStringLiteral("/private")));
        QVERIFY(QFile::link(QStringLiteral("/no/such/target"), out + QStringLiteral("/dangling")));
        const auto c = ArtifactCollector::collect(out, {});
        QCOMPARE(paths(c.artifacts), QStringList());
    }

    void manyFilesAreTruncated()
    {
        const QString out = m_host->filePath(QStringLiteral("output"));
        QVERIFY(QDir().mkpath(out));
        for (int i = 0; i < ArtifactCollector::kMaxFiles; ++i)
            QVERIFY(writeFile(out + QStringLiteral("/f%1.txt").arg(i, 4, 10, QLatin1Char('0')), "x"));
        const auto full = ArtifactCollector::collect(out, {});
        QCOMPARE(full.artifacts.size(), ArtifactCollector::kMaxFiles);
        QVERIFY(!full.truncated);

        QVERIFY(writeFile(out + QStringLiteral("/one-too-many.txt"), "x"));
        const auto over = ArtifactCollector::collect(out, {});
        QCOMPARE(over.artifacts.size(), ArtifactCollector::kMaxFiles);
        QVERIFY(over.truncated);
    }

    // A learner's open("temps.csv", "w") is kept as well as output/: every file the program
    // made or changed in its folder, but not what Sandpit put there and the program only read,
    // nor the caches tools keep beside it.
    void theProgramsFilesAnywhereInItsFolderAreListed()
    {
        QVERIFY(writeFile(host(QStringLiteral("readings.csv")), "day,temp\n1,20\n"));
        QVERIFY(writeFile(host(QStringLiteral("notes.txt")), "keep me\n"));
        RunRequest r = request();
        r.inputFiles = {{host(QStringLiteral("readings.csv")), {}}, {host(QStringLiteral("notes.txt")), {}}};
        auto ws = workspaceFor(r);
        QVERIFY(ws);
        const WorkspaceBaseline baseline = WorkspaceBaseline::of(ws->workDir());
        QCOMPARE(baseline.size(), 4);
        const QString work = ws->workDir();
        QVERIFY(writeFile(work + QStringLiteral("/temps.csv"), "c\n21\n"));
        QVERIFY(writeFile(work + QStringLiteral("/output/plot.txt"), "*\n"));
        QVERIFY(writeFile(work + QStringLiteral("/readings.csv"), "day,temp\n1,99\n")); // same size, changed
        QVERIFY(writeFile(work + QStringLiteral("/notes.txt"), "keep me\n"));           // written again, the same
        QVERIFY(writeFile(work + QStringLiteral("/.cache/matplotlib/fontlist.json"), "{}"));
        QVERIFY(writeFile(work + QStringLiteral("/sub/__pycache__/path.cpython-311.pyc"), "\x00"));

        const auto c = ArtifactCollector::collect(work, baseline);
        QCOMPARE(
            paths(c.artifacts),
            (QStringList{QStringLiteral("plot.txt"), QStringLiteral("readings.csv"), QStringLiteral("temps.csv")}));
        QCOMPARE(c.artifacts.at(0).inOutput, true);
        QCOMPARE(c.artifacts.at(0).workPath(), QStringLiteral("output/plot.txt"));
        QCOMPARE(c.artifacts.at(1).inOutput, false);
        QCOMPARE(c.artifacts.at(2).inOutput, false);
        QCOMPARE(c.artifacts.at(2).workPath(), QStringLiteral("temps.csv"));
        QCOMPARE(c.found, 3);
    }

    // A container's files come back as bytes in memory, a local run's as open files: a file
    // larger than one piece of the digest is judged the same either way.
    void theBaselineJudgesBytesAndFilesAlike()
    {
        QByteArray data(200 * 1024 + 7, '\0');
        for (qsizetype i = 0; i < data.size(); ++i)
            data[i] = char(i * 31 % 251);
        QVERIFY(writeFile(host(QStringLiteral("work/data.bin")), data));
        const WorkspaceBaseline baseline = WorkspaceBaseline::of(host(QStringLiteral("work")));
        QVERIFY(baseline.isUnchanged(QStringLiteral("data.bin"), data));
        QFile file(host(QStringLiteral("work/data.bin")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(baseline.isUnchanged(QStringLiteral("data.bin"), file.handle(), data.size()));
        QByteArray changed = data;
        changed[150 * 1024] = char(changed.at(150 * 1024) + 1);
        QVERIFY(!baseline.isUnchanged(QStringLiteral("data.bin"), changed));
        QVERIFY(!baseline.isUnchanged(QStringLiteral("other.bin"), data));
        QVERIFY(!baseline.isUnchanged(QStringLiteral("data.bin"), data.left(data.size() - 1)));
    }

    void missingOutputFolderIsEmpty()
    {
        const auto c = ArtifactCollector::collect(host(QStringLiteral("never-created")), {});
        QVERIFY(c.artifacts.isEmpty());
        QVERIFY(!c.truncated);
    }
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
