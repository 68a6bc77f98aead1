// The log of a named sandbox's commands (SandboxLog), as `sandpit sandbox logs` reads it: the
// old file and the current one, together never more than the cap, the newest part kept.

#include "sandboxlog.h"
#include "sandboxprotocol.h"
#include "sandboxstate.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace S = Sandpit::Helper::SandboxProtocol;

class TestSandboxLog : public QObject
{
    Q_OBJECT

private:
    static QByteArray readLog(const QString &dir)
    {
        QByteArray text;
        for (const char *name : {S::kOldLogFile, S::kLogFile}) {
            QFile file(dir + QLatin1Char('/') + QLatin1String(name));
            if (file.open(QIODevice::ReadOnly))
                text += file.readAll();
        }
        return text;
    }

    // Whole lines from some point on to `last`: nothing lost in the middle at a turn.
    static void verifyNewestLines(const QByteArray &text, int last)
    {
        const QList<QByteArray> lines = text.trimmed().split('\n');
        QCOMPARE(lines.last().toInt(), last);
        for (qsizetype i = 1; i < lines.size(); ++i)
            QCOMPARE(lines[i].toInt(), lines[i - 1].toInt() + 1);
    }

    static void appendLine(Sandpit::Helper::SandboxLog &log, int n)
    {
        const std::string line = std::to_string(n) + "\n";
        log.append(line.data(), line.size());
    }

private Q_SLOTS:
    void keepsTheNewestPartWithinTheCap()
    {
        QTemporaryDir dir;
        Sandpit::Helper::SandboxLog log;
        log.open(dir.path().toStdString(), 1000);
        for (int i = 1; i <= 2000; ++i)
            appendLine(log, i);
        const QByteArray text = readLog(dir.path());
        QVERIFY2(text.size() <= 1000, QByteArray::number(text.size()).constData());
        QVERIFY(text.size() >= 500);
        verifyNewestLines(text, 2000);
    }

    void twoCommandsShareItAcrossTurns()
    {
        QTemporaryDir dir;
        Sandpit::Helper::SandboxLog first;
        Sandpit::Helper::SandboxLog second;
        first.open(dir.path().toStdString(), 200);
        second.open(dir.path().toStdString(), 200);
        // Each turn renames the file the other still holds open: it must follow, not write on
        // into the old file that the next turn drops.
        for (int i = 1; i <= 300; ++i)
            appendLine(i % 2 ? first : second, i);
        const QByteArray text = readLog(dir.path());
        QVERIFY(text.size() <= 200);
        verifyNewestLines(text, 300);
    }

    void oneWriteLargerThanTheCapKeepsItsEnd()
    {
        QTemporaryDir dir;
        Sandpit::Helper::SandboxLog log;
        log.open(dir.path().toStdString(), 100);
        const std::string big = std::string(500, 'a') + "END";
        log.append(big.data(), big.size());
        const QByteArray text = readLog(dir.path());
        QVERIFY(text.size() <= 100);
        QVERIFY(text.endsWith("aaaEND"));
    }

    void startTimeNamesOneProcess()
    {
        const long long mine = Sandpit::Helper::processStartTime(getpid());
        QVERIFY(mine > 0);
        QCOMPARE(Sandpit::Helper::processStartTime(getpid()), mine);
        QVERIFY(Sandpit::Helper::processStartTime(getppid()) <= mine);
        QCOMPARE(Sandpit::Helper::processStartTime(-5), -1LL);
    }
};

QTEST_GUILESS_MAIN(TestSandboxLog)
#include "tst_sandboxlog.moc"
