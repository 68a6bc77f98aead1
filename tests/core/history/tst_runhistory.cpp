// The history folder: records written and read back newest first, the cap, and records that
// cannot be read, which are skipped with a note.
#include "history/runhistory.h"
#include "support/freshfolder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
RunRecord recordAt(int second, const QString &code)
{
    RunRequest request;
    request.language = QStringLiteral("python");
    request.entryFile = QStringLiteral("main.py");
    request.sources = {{request.entryFile, code.toUtf8()}};
    RunResult result;
    result.exitCode = 0;
    return RunRecord::fromRun(request, result, QDateTime(QDate(2026, 11, 23), QTime(14, 0, second), Qt::UTC));
}

QStringList codes(const RunHistory::Listing &listing)
{
    QStringList out;
    for (const RunRecord &r : listing.records)
        out << r.code;
    return out;
}
} // namespace

class TestRunHistory : public QObject, private FreshFolder
{
    Q_OBJECT

private:
    QString dir() const { return pathIn(QStringLiteral("history")); }

private Q_SLOTS:
    void init() { makeFreshFolder(); }

    void emptyWhenNothingWasRecorded()
    {
        const RunHistory history(dir(), 10);
        const auto listing = history.load();
        QVERIFY(listing.records.isEmpty());
        QVERIFY(listing.notes.isEmpty());
    }

    void recordsComeBackNewestFirst()
    {
        const RunHistory history(dir(), 10);
        for (int i : {2, 0, 1}) {
            const auto id = history.store(recordAt(i, QStringLiteral("print(%1)\n").arg(i)));
            QVERIFY2(id.has_value(), qPrintable(id ? QString() : id.error()));
            QVERIFY(QFile::exists(QDir(dir()).filePath(*id + QStringLiteral(".json"))));
        }
        const auto listing = history.load();
        QCOMPARE(
            codes(listing),
            (QStringList{QStringLiteral("print(2)\n"), QStringLiteral("print(1)\n"), QStringLiteral("print(0)\n")}));
        QVERIFY(listing.records.first().id.startsWith(QStringLiteral("20261123T140002000Z-")));
        QCOMPARE(codes(history.load(1)), QStringList{QStringLiteral("print(2)\n")});
        // No temporary file of the atomic write is left behind.
        QCOMPARE(QDir(dir()).entryList(QDir::Files | QDir::Hidden).size(), 3);
    }

    void capDeletesTheOldest()
    {
        const RunHistory history(dir(), 3);
        for (int i = 0; i < 5; ++i)
            QVERIFY(history.store(recordAt(i, QString::number(i))).has_value());
        QCOMPARE(codes(history.load()), (QStringList{QStringLiteral("4"), QStringLiteral("3"), QStringLiteral("2")}));
        QCOMPARE(QDir(dir()).entryList(QDir::Files).size(), 3);
    }

    void corruptRecordIsSkippedWithANote()
    {
        const RunHistory history(dir(), 10);
        QVERIFY(history.store(recordAt(0, QStringLiteral("old"))).has_value());
        QVERIFY(history.store(recordAt(5, QStringLiteral("new"))).has_value());
        const auto write = [this](const QString &name, const QByteArray &content) {
            QFile f(QDir(dir()).filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        };
        write(QStringLiteral("20261123T140001000Z-aaaaaa.json"), "{\"format\": 1, \"time\": "); // cut short
        write(QStringLiteral("20261123T140002000Z-bbbbbb.json"), "[1, 2]");
        write(QStringLiteral("20261123T140003000Z-cccccc.json"), "{\"format\": 1}");
        write(QStringLiteral("20261123T140004000Z-dddddd.json"), "");
        QVERIFY(QFile::setPermissions(QDir(dir()).filePath(QStringLiteral("20261123T140004000Z-dddddd.json")), {}));

        const auto listing = history.load();
        QCOMPARE(codes(listing), (QStringList{QStringLiteral("new"), QStringLiteral("old")}));
        const QString notes = listing.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QStringLiteral("aaaaaa")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("bbbbbb")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("cccccc")) && notes.contains(QStringLiteral("time")), qPrintable(notes));
        if (::geteuid() != 0) // root reads the file regardless of its permissions
            QVERIFY2(notes.contains(QStringLiteral("dddddd")), qPrintable(notes));
        // A limit counts records, not the files skipped on the way.
        QCOMPARE(codes(history.load(1)), QStringList{QStringLiteral("new")});
        QCOMPARE(codes(history.load(2)), (QStringList{QStringLiteral("new"), QStringLiteral("old")}));
    }

    void unwritableFolderIsAnError()
    {
        const QString file = pathIn(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const RunHistory history(file + QStringLiteral("/history"), 10);
        const auto id = history.store(recordAt(0, QStringLiteral("x")));
        QVERIFY(!id.has_value());
        QVERIFY2(id.error().contains(file), qPrintable(id.error()));
    }
};

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
