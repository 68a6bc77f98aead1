// Zipped packs: a zip of a pack (or of the folder holding it) loads like the folder, unpacked
// once per content; a hostile zip (".." or absolute paths, links, devices, a bomb) is refused
// as a whole with a clear problem, and nothing is written outside the unpack root. The zips are
// made here with libarchive, as an attacker would make them.
#include "exercises/packloader.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

using namespace Sandpit::Core;

namespace ZipTest {

struct Entry {
    Entry(QString name_, QByteArray content_ = {}, mode_t type_ = AE_IFREG, QString link_ = {}, qint64 zeros_ = 0)
        : name(std::move(name_))
        , content(std::move(content_))
        , type(type_)
        , link(std::move(link_))
        , zeros(zeros_)
    {
    }
    Entry() = default;
    QString name;
    QByteArray content;
    mode_t type = AE_IFREG;
    QString link;     ///< a symlink's target, or a hard link's other entry
    qint64 zeros = 0; ///< this many zero bytes instead of `content`
};

} // namespace ZipTest

Q_DECLARE_METATYPE(QList<ZipTest::Entry>)

namespace {

using ZipTest::Entry;

bool writeZip(const QString &path, const QList<Entry> &entries)
{
    archive *zip = archive_write_new();
    archive_write_set_format_zip(zip);
    bool ok = archive_write_open_filename(zip, QFile::encodeName(path).constData()) == ARCHIVE_OK;
    const QByteArray block(1 << 20, '\0');
    for (const Entry &item : entries) {
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, item.name.toUtf8().constData());
        archive_entry_set_filetype(entry, item.type);
        archive_entry_set_perm(entry, 0644);
        if (item.type == AE_IFLNK)
            archive_entry_set_symlink(entry, item.link.toUtf8().constData());
        else if (!item.link.isEmpty())
            archive_entry_set_hardlink(entry, item.link.toUtf8().constData());
        archive_entry_set_size(entry, item.type == AE_IFREG ? (item.zeros ? item.zeros : item.content.size()) : 0);
        ok = ok && archive_write_header(zip, entry) == ARCHIVE_OK;
        if (item.zeros)
            for (qint64 written = 0; ok && written < item.zeros; written += block.size())
                ok = archive_write_data(zip, block.constData(), size_t(block.size())) == block.size();
        else if (!item.content.isEmpty())
            ok = ok
                && archive_write_data(zip, item.content.constData(), size_t(item.content.size()))
                    == item.content.size();
        archive_entry_free(entry);
    }
    ok = archive_write_close(zip) == ARCHIVE_OK && ok;
    archive_write_free(zip);
    return ok;
}

/// Makes the entry `name` a character device in the zip's central directory (its Unix mode in
/// the external attributes), which libarchive's zip writer will not write itself.
bool markAsDevice(const QString &zipPath, const QByteArray &name)
{
    QByteArray zip = SandpitTest::readFile(zipPath);
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0; at = zip.indexOf("PK\x01\x02", at + 4)) {
        const auto u16 = [&](qsizetype offset) { return quint8(zip[at + offset]) | quint8(zip[at + offset + 1]) << 8; };
        if (zip.mid(at + 46, u16(28)) != name)
            continue;
        zip[at + 5] = 3; // made by Unix, so the mode is read
        const quint32 mode = quint32(AE_IFCHR | 0644) << 16;
        for (int i = 0; i < 4; ++i)
            zip[at + 38 + i] = char((mode >> (8 * i)) & 0xff);
        return SandpitTest::writeFile(zipPath, zip);
    }
    return false;
}

/// Every file of the fixture pack "two", as zip entries below `prefix`.
QList<Entry> twoPackEntries(const QString &prefix = {})
{
    QList<Entry> entries;
    const QString root = SandpitTest::loaderPack(QStringLiteral("two"));
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        entries.append({prefix + QDir(root).relativeFilePath(file), SandpitTest::readFile(file)});
    }
    return entries;
}

QStringList everythingBelow(const QString &folder)
{
    QStringList paths;
    QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        paths.append(QDir(folder).relativeFilePath(it.next()));
    paths.sort();
    return paths;
}

} // namespace

class TestPackLoaderZip : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    QString zipPath() const { return m_dir->filePath(QStringLiteral("course.zip")); }
    QString unpackRoot() const { return m_dir->filePath(QStringLiteral("unpacked")); }
    std::expected<Course, PackProblem> load() const { return PackLoader(unpackRoot()).load(zipPath()); }

private Q_SLOTS:
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }

    void loadsAZippedPack_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::newRow("at the top") << QString();
        QTest::newRow("in one top folder") << QStringLiteral("two/");
    }

    void loadsAZippedPack()
    {
        QFETCH(QString, prefix);
        QVERIFY(writeZip(zipPath(), twoPackEntries(prefix)));
        const auto course = load();
        QVERIFY(course.has_value());
        QCOMPARE(course->source, zipPath());
        QVERIFY(course->folder.startsWith(unpackRoot() + QLatin1Char('/')));
        QCOMPARE(course->exercises.size(), 2);
        QVERIFY(course->problems.isEmpty());
        const Exercise &sum = course->exercises[1];
        QCOMPARE(SandpitTest::readFile(sum.language(QStringLiteral("python"))->solutionPath),
                 QByteArray("print(int(input()) + int(input()))\n"));
        QCOMPARE(sum.tests[1].stdinData, QByteArray("10\r\n20\r\n"));
    }

    // The same zip is unpacked once; a changed one anew, its old copy removed.
    void unpacksAgainOnlyWhenTheZipChanged()
    {
        QVERIFY(writeZip(zipPath(), twoPackEntries()));
        const QString first = load()->folder;
        QVERIFY(SandpitTest::writeFile(first + QStringLiteral("/hello/scribble.txt"), "mine"));
        QCOMPARE(load()->folder, first);
        QVERIFY(QFile::exists(first + QStringLiteral("/hello/scribble.txt"))); // not unpacked again

        QList<Entry> changed = twoPackEntries();
        changed.append({QStringLiteral("NOTES.md"), "changed"});
        QVERIFY(QFile::remove(zipPath()));
        QVERIFY(writeZip(zipPath(), changed));
        const QString second = load()->folder;
        QVERIFY(second != first);
        QVERIFY(QFile::exists(second + QStringLiteral("/NOTES.md")));
        QCOMPARE(QDir(unpackRoot()).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{QFileInfo(second).fileName()});
    }

    // A problem in a zipped pack is said as the path inside the zip.
    void saysProblemsAsPathsInsideTheZip()
    {
        QList<Entry> entries = twoPackEntries();
        for (Entry &entry : entries)
            if (entry.name == QLatin1String("hello/exercise.toml"))
                entry.content = "title = 3\n";
        QVERIFY(writeZip(zipPath(), entries));
        const auto course = load();
        QVERIFY(course.has_value());
        QCOMPARE(course->exercises.size(), 1);
        QCOMPARE(course->problems.value(0).file, zipPath() + QStringLiteral("/hello/exercise.toml"));
        QCOMPARE(course->problems.value(0).line, 1);
    }

    void refusesAHostileZip_data()
    {
        QTest::addColumn<QList<Entry>>("hostile");
        QTest::addColumn<QString>("says");
        const QString links = QStringLiteral("a pack may hold only files and folders");
        const QString paths = QStringLiteral("whose path is absolute or has \"..\"");
        QTest::newRow("..") << QList<Entry>{{QStringLiteral("../evil.txt"), "x"}} << paths;
        QTest::newRow(".. inside") << QList<Entry>{{QStringLiteral("hello/../../evil.txt"), "x"}} << paths;
        QTest::newRow("absolute") << QList<Entry>{{m_dir->filePath(QStringLiteral("evil.txt")), "x"}} << paths;
        QTest::newRow("symlink") << QList<Entry>{{QStringLiteral("hello/link"), {}, AE_IFLNK, QStringLiteral("/etc")}}
                                 << links;
        QTest::newRow("symlink then a file through it")
            << QList<Entry>{{QStringLiteral("out"), {}, AE_IFLNK, m_dir->path()}, {QStringLiteral("out/evil.txt"), "x"}}
            << links;
        // A zip cannot carry a hard link (libarchive writes it as an empty file); a device is
        // tested on its own below, as libarchive will not write one into a zip.
        QTest::newRow("zip bomb") << QList<Entry>{{QStringLiteral("big.bin"), {}, AE_IFREG, {}, 300LL * 1024 * 1024}}
                                  << QStringLiteral("unpacks to more than 256 MB");
    }

    void refusesAHostileZip()
    {
        QFETCH(QList<Entry>, hostile);
        QFETCH(QString, says);
        QList<Entry> entries = twoPackEntries();
        entries.append(hostile);
        QVERIFY(writeZip(zipPath(), entries));
        const auto course = load();
        QVERIFY(!course.has_value());
        QVERIFY2(course.error().message.contains(says), qPrintable(course.error().toString()));
        QVERIFY(course.error().file.startsWith(zipPath()));
        // Nothing outside the unpack root, and nothing left of the refused zip inside it.
        QCOMPARE(everythingBelow(m_dir->path()),
                 (QStringList{QStringLiteral("course.zip"), QStringLiteral("unpacked")}));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/evil.txt")));
    }

    void refusesADevice()
    {
        QList<Entry> entries = twoPackEntries();
        entries.append(Entry(QStringLiteral("hello/zero")));
        QVERIFY(writeZip(zipPath(), entries));
        QVERIFY(markAsDevice(zipPath(), "hello/zero"));
        const auto course = load();
        QVERIFY(!course.has_value());
        QVERIFY2(course.error().message.contains(QStringLiteral("a device or other special file")),
                 qPrintable(course.error().toString()));
        QCOMPARE(course.error().file, zipPath() + QStringLiteral("/hello/zero"));
    }

    void refusesTooManyEntries()
    {
        QList<Entry> entries = twoPackEntries();
        for (int i = 0; i < 10001; ++i)
            entries.append(Entry(QStringLiteral("many/%1").arg(i)));
        QVERIFY(writeZip(zipPath(), entries));
        const auto course = load();
        QVERIFY(!course.has_value());
        QVERIFY2(course.error().message.contains(QStringLiteral("more than 10000 entries")),
                 qPrintable(course.error().toString()));
    }

    void refusesWhatIsNoZip()
    {
        QVERIFY(SandpitTest::writeFile(zipPath(), "PK\x03\x04 but not really a zip"));
        const auto course = load();
        QVERIFY(!course.has_value());
        QCOMPARE(course.error().file, zipPath());
        QVERIFY2(course.error().message.startsWith(QStringLiteral("the zip")), qPrintable(course.error().toString()));
    }
};

QTEST_GUILESS_MAIN(TestPackLoaderZip)
#include "tst_packloader_zip.moc"
