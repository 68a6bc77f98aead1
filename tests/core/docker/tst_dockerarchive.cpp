// DockerArchive: the tar streams that carry a run's files to a Docker engine on another machine
// and its output/ back. What matters to a user: their files arrive whole, and nothing the
// program leaves in output/ (a link, a "..", an absolute path) can make Sandpit write outside
// the run's own folder.
#include "docker/dockerarchive.h"
#include "docker/tarheaderreader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>
#include <sys/stat.h>

using namespace Sandpit::Core;

namespace {
struct TarEntry {
    QByteArray path;
    unsigned type = AE_IFREG;
    QByteArray data;
    QByteArray link; ///< for AE_IFLNK: the target; for a hard link: the linked path
    bool hardLink = false;
};

/// A tar written by libarchive directly, to stand for what a daemon (or a hostile program's
/// output/) could send back.
QByteArray makeTar(const QList<TarEntry> &entries)
{
    QByteArray tar;
    archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    size_t used = 0;
    QByteArray buffer(1 << 20, '\0');
    archive_write_open_memory(a, buffer.data(), size_t(buffer.size()), &used);
    for (const TarEntry &e : entries) {
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, e.path.constData());
        archive_entry_set_filetype(entry, e.type);
        archive_entry_set_perm(entry, 04755);
        if (e.hardLink)
            archive_entry_set_hardlink(entry, e.link.constData());
        else if (e.type == AE_IFLNK)
            archive_entry_set_symlink(entry, e.link.constData());
        archive_entry_set_size(entry, e.type == AE_IFREG && !e.hardLink ? e.data.size() : 0);
        archive_write_header(a, entry);
        if (e.type == AE_IFREG && !e.hardLink)
            archive_write_data(a, e.data.constData(), size_t(e.data.size()));
        archive_entry_free(entry);
    }
    archive_write_close(a);
    archive_write_free(a);
    return buffer.left(qsizetype(used));
}

TarEntry file(const QByteArray &path, const QByteArray &data)
{
    return {path, AE_IFREG, data, {}, false};
}
TarEntry dir(const QByteArray &path)
{
    return {path, AE_IFDIR, {}, {}, false};
}
TarEntry symbolicLink(const QByteArray &path, const QByteArray &target)
{
    return {path, AE_IFLNK, {}, target, false};
}
TarEntry hardLink(const QByteArray &path, const QByteArray &target)
{
    return {path, AE_IFREG, {}, target, true};
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}
} // namespace

class TestDockerArchive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The Output Files pane's live list of a container: the headers of a tar as it arrives,
    // a byte at a time or all at once, with a name too long for the ustar fields.
    void tarHeadersAreReadAsTheyArrive_data()
    {
        QTest::addColumn<int>("piece");
        QTest::newRow("byte by byte") << 1;
        QTest::newRow("whole") << (1 << 20);
    }
    void tarHeadersAreReadAsTheyArrive()
    {
        QFETCH(int, piece);
        const QString longName = QStringLiteral("deep/") + QString(150, QLatin1Char('n')) + QStringLiteral(".csv");
        QTemporaryDir empty;
        auto tar = DockerArchive::pack(
            empty.path(),
            {{QStringLiteral("plot.png"), QByteArray(1000, 'p'), 0644}, {longName, QByteArray("x,y\n"), 0644}},
            {1000, 1000});
        QVERIFY(tar);
        TarHeaderReader reader;
        for (qsizetype at = 0; at < tar->size(); at += piece)
            QVERIFY(reader.feed(QByteArrayView(*tar).sliced(at, std::min<qsizetype>(piece, tar->size() - at))));
        QList<std::pair<QByteArray, qint64>> files;
        for (const TarHeaderReader::Entry &e : reader.entries()) {
            if (e.regular)
                files.append({e.path, e.size});
        }
        QCOMPARE(files, (QList<std::pair<QByteArray, qint64>>{{"plot.png", 1000}, {longName.toUtf8(), 4}}));
    }

    void filesGoThereAndBack()
    {
        QTemporaryDir from;
        QVERIFY(QDir(from.path()).mkpath(QStringLiteral("output/plots")));
        QFile source(from.filePath(QStringLiteral("main.py")));
        QVERIFY(source.open(QIODevice::WriteOnly));
        source.write("print('hi')\n");
        source.close();
        QFile binary(from.filePath(QStringLiteral("data.bin")));
        QVERIFY(binary.open(QIODevice::WriteOnly));
        binary.write(QByteArray("\0\xff\x01", 3));
        binary.close();
        // A link in the folder is never packed: it could point at the user's files.
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), from.filePath(QStringLiteral("passwd"))));

        auto tar
            = DockerArchive::pack(from.path(), {{QStringLiteral(".sandpit/run.sh"), "echo run\n", 0644}}, {1000, 1000});
        QVERIFY2(tar, tar ? "" : qPrintable(tar.error().message));

        QTemporaryDir to;
        auto unpacked = DockerArchive::unpack(*tar, to.path(), 100, 1 << 20);
        QVERIFY2(unpacked, unpacked ? "" : qPrintable(unpacked.error().message));
        QCOMPARE(readFile(to.filePath(QStringLiteral("main.py"))), QByteArray("print('hi')\n"));
        QCOMPARE(readFile(to.filePath(QStringLiteral("data.bin"))), QByteArray("\0\xff\x01", 3));
        QCOMPARE(readFile(to.filePath(QStringLiteral(".sandpit/run.sh"))), QByteArray("echo run\n"));
        QVERIFY(QFileInfo(to.filePath(QStringLiteral("output/plots"))).isDir());
        QVERIFY(!QFileInfo::exists(to.filePath(QStringLiteral("passwd"))));
        QCOMPARE(unpacked->files, 3);
    }

    void nothingLandsOutsideTheFolder()
    {
        QTemporaryDir outside;
        QTemporaryDir to;
        const QByteArray escape = outside.filePath(QStringLiteral("escaped")).toUtf8();
        const QByteArray tar = makeTar({
            dir("output/"),
            file("output/ok.txt", "fine"),
            file("output/../../escaped-dotdot", "no"),
            file(escape, "no"),
            symbolicLink("output/passwd", "/etc/passwd"),
            symbolicLink("output/up", outside.path().toUtf8()),
            file("output/up/through-link", "no"),
            hardLink("output/hard", "/etc/passwd"),
        });
        auto unpacked = DockerArchive::unpack(tar, to.path(), 100, 1 << 20);
        QVERIFY2(unpacked, unpacked ? "" : qPrintable(unpacked.error().message));
        QCOMPARE(readFile(to.filePath(QStringLiteral("output/ok.txt"))), QByteArray("fine"));
        // The link was not made, so the file meant to go through it lands in a plain folder.
        QCOMPARE(readFile(to.filePath(QStringLiteral("output/up/through-link"))), QByteArray("no"));
        QCOMPARE(unpacked->files, 2);
        QVERIFY(!QFileInfo::exists(outside.filePath(QStringLiteral("escaped"))));
        QVERIFY(!QFileInfo::exists(outside.filePath(QStringLiteral("through-link"))));
        QVERIFY(QDir(outside.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
        QVERIFY(!QFileInfo(to.filePath(QStringLiteral("output/passwd"))).exists());
        QVERIFY(!QFileInfo(to.filePath(QStringLiteral("output/up"))).isSymLink());
        QVERIFY(!QFileInfo::exists(to.filePath(QStringLiteral("output/hard"))));
        // It came as setuid and executable: it stays executable (a compiled program must), and
        // the setuid bit is gone.
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(to.filePath(QStringLiteral("output/ok.txt"))).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0755));
    }

    void capsAreKept()
    {
        QList<TarEntry> entries{dir("output/")};
        for (int i = 0; i < 20; ++i)
            entries.append(file("output/f" + QByteArray::number(i), QByteArray(100, 'x')));
        QTemporaryDir to;
        auto unpacked = DockerArchive::unpack(makeTar(entries), to.path(), 5, 1 << 20);
        QVERIFY(unpacked);
        QCOMPARE(unpacked->files, 5);
        QVERIFY(unpacked->truncated);
        auto bySize = DockerArchive::unpack(makeTar(entries), to.path(), 100, 350);
        QVERIFY(bySize);
        QCOMPARE(bySize->files, 3);
        QVERIFY(bySize->truncated);
    }

    void garbageIsAnErrorNotACrash()
    {
        QTemporaryDir to;
        const auto unpacked = DockerArchive::unpack(QByteArray(5000, '\x7f'), to.path(), 100, 1 << 20);
        QVERIFY(!unpacked);
        QVERIFY(unpacked.error().message.contains(QStringLiteral("output")));
    }
};

QTEST_GUILESS_MAIN(TestDockerArchive)
#include "tst_dockerarchive.moc"
