// The autosave journal: entries written whole, a clean close leaving nothing to offer, and the
// buffers of a session whose process was killed -9 found again by the next one.
#include "history/bufferjournal.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {
BufferJournal::Entry entry(const QString &id, const QString &text, const QString &file = {})
{
    BufferJournal::Entry e;
    e.bufferId = id;
    e.filePath = file;
    e.languageId = QStringLiteral("python");
    e.text = text;
    e.line = 2;
    e.column = 4;
    e.modified = true;
    e.journaledAt = QDateTime::currentDateTimeUtc();
    return e;
}
/// A session folder whose owner is gone, as a dead Sandpit leaves it (empty if it cannot be made).
QString deadSession(const QTemporaryDir &root)
{
    const QString session = root.filePath(QStringLiteral("session-1-dead"));
    QFile owner(session + QStringLiteral("/owner"));
    if (!QDir().mkpath(session) || !owner.open(QIODevice::WriteOnly) || owner.write("999999999") != 9)
        return {}; // 999999999: no such process
    return session;
}
} // namespace

class TestBufferJournal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aLiveSessionIsNotOffered()
    {
        QTemporaryDir root;
        BufferJournal journal(root.path());
        QVERIFY(journal.open());
        QVERIFY(journal.write(entry(QStringLiteral("untitled-1"), QStringLiteral("print('mine')\n"))));
        // This process is alive: its buffers are its own, not a crash's.
        QCOMPARE(BufferJournal::findAbandoned(root.path()).entries.size(), 0);
        journal.close();
        QVERIFY(!QFile::exists(journal.sessionDir()));
        QCOMPARE(BufferJournal::findAbandoned(root.path()).sessionDirs.size(), 0);
    }

    void aKilledSessionsBuffersComeBack()
    {
        // A real process journals two buffers and is killed with SIGKILL: nothing of its own
        // runs after, as after a crash.
        QTemporaryDir root;
        QProcess child;
        child.setProgram(QCoreApplication::applicationFilePath());
        child.setArguments({QStringLiteral("-journal-child"), root.path()});
        child.start();
        QTRY_VERIFY_WITH_TIMEOUT(child.canReadLine(), 20000);
        QCOMPARE(child.readLine().trimmed(), QByteArray("journaled"));
        child.kill();
        QTRY_COMPARE_WITH_TIMEOUT(child.state(), QProcess::NotRunning, 20000);
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        const BufferJournal::Recovery recovery = BufferJournal::findAbandoned(root.path());
        QCOMPARE(recovery.sessionDirs.size(), 1);
        QCOMPARE(recovery.skipped, QStringList());
        QCOMPARE(recovery.entries.size(), 2);
        QStringList texts;
        for (const BufferJournal::Entry &e : recovery.entries)
            texts << e.bufferId + QLatin1Char('=') + e.text;
        texts.sort();
        QCOMPARE(
            texts,
            (QStringList{QStringLiteral("named=x = 1\n"), QStringLiteral("untitled-1=print('typed, never saved')\n")}));
        for (const BufferJournal::Entry &e : recovery.entries) {
            if (e.bufferId == QLatin1String("named")) {
                QCOMPARE(e.filePath, QStringLiteral("/home/learner/prog.py"));
                QCOMPARE(e.line, 2);
                QVERIFY(e.modified);
            }
        }
        BufferJournal::discard(recovery.sessionDirs);
        QCOMPARE(BufferJournal::findAbandoned(root.path()).entries.size(), 0);
    }

    void aSessionKeptOnPurposeIsNoCrash()
    {
        QTemporaryDir root;
        const QString session = deadSession(root);
        QVERIFY(!session.isEmpty());
        QVERIFY(BufferJournal::findAbandoned(root.path()).crashed);
        // What keep() leaves, as a Sandpit that is gone left it.
        BufferJournal journal(root.path());
        QVERIFY(journal.open());
        journal.keep();
        QVERIFY(QFile::copy(journal.sessionDir() + QStringLiteral("/kept"), session + QStringLiteral("/kept")));
        const BufferJournal::Recovery recovery = BufferJournal::findAbandoned(root.path());
        QCOMPARE(recovery.sessionDirs, QStringList{session});
        QVERIFY(!recovery.crashed);
    }

    void aCorruptEntryIsSkippedWithANote()
    {
        QTemporaryDir root;
        const QString session = deadSession(root);
        QVERIFY(!session.isEmpty());
        QFile broken(session + QStringLiteral("/b.json"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(QByteArray("{\"format\": 1, \"text\": \"cut off", 30));
        broken.close();
        QFile nul(session + QStringLiteral("/c.json"));
        QVERIFY(nul.open(QIODevice::WriteOnly));
        nul.write(QByteArray("\0\0\0", 3));
        nul.close();
        const BufferJournal::Recovery recovery = BufferJournal::findAbandoned(root.path());
        QCOMPARE(recovery.entries.size(), 0);
        QCOMPARE(recovery.skipped.size(), 2);
        QCOMPARE(recovery.sessionDirs, QStringList{session});
    }

    void aBufferIdCannotNameAPathOutside()
    {
        QTemporaryDir root;
        BufferJournal journal(root.path());
        QVERIFY(journal.open());
        QVERIFY(!journal.write(entry(QStringLiteral("../escape"), QStringLiteral("x"))));
        QVERIFY(!QFile::exists(root.filePath(QStringLiteral("escape.json"))));
        journal.close();
    }
};

int main(int argc, char **argv)
{
    // The child of aKilledSessionsBuffersComeBack: journals, says so, and waits to be killed.
    if (argc == 3 && QByteArray(argv[1]) == "-journal-child") {
        QCoreApplication app(argc, argv);
        BufferJournal journal(QString::fromLocal8Bit(argv[2]));
        if (!journal.open())
            return 1;
        if (!journal.write(entry(QStringLiteral("untitled-1"), QStringLiteral("print('typed, never saved')\n")))
            || !journal.write(
                entry(QStringLiteral("named"), QStringLiteral("x = 1\n"), QStringLiteral("/home/learner/prog.py"))))
            return 1;
        QFile out;
        out.open(stdout, QIODevice::WriteOnly);
        out.write("journaled\n");
        out.flush();
        return app.exec(); // until SIGKILL
    }
    QCoreApplication app(argc, argv);
    TestBufferJournal test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_bufferjournal.moc"
