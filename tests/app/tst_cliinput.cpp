// What `sandpit run` says about a FILE it cannot run: each message names the file and says
// what to do, with status 125 (3 with --json, and the message in the JSON), and never reads
// what is not a program (a device, a pipe) at all.
#include <QDir>
#include <QJsonObject>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

#include "clitest.h"

class TestCliInput : public CliTest
{
    Q_OBJECT

private:
    void expectRefusal(const QString &path, const QByteArray &says)
    {
        const Cli cli = run({path, QStringLiteral("--lang"), QStringLiteral("python")});
        QVERIFY2(cli.exitCode == 125, cli.err.constData());
        QVERIFY2(cli.err.startsWith("sandpit: " + path.toUtf8()), cli.err.constData());
        QVERIFY2(cli.err.contains(says), cli.err.constData());
        QVERIFY2(!cli.err.contains("Unknown error"), cli.err.constData());
        QVERIFY(cli.out.isEmpty());

        const Cli json = run({path, QStringLiteral("--lang"), QStringLiteral("python"), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 3);
        const QJsonObject error = json.json().value(QStringLiteral("error")).toObject();
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QString::fromUtf8(says)),
                 json.out.constData());
    }

private Q_SLOTS:
    void devices()
    {
        // /dev/zero never ends: read before its type is checked, it would hang Sandpit.
        for (const QString &device : {QStringLiteral("/dev/null"), QStringLiteral("/dev/zero")})
            expectRefusal(device, "is a device, not a program file");
        // Without --lang too: the file's type is the first thing said, not its language.
        const Cli cli = run({QStringLiteral("/dev/null")});
        QVERIFY2(cli.err.contains("/dev/null is a device"), cli.err.constData());
    }

    void aPipeIsNotOpened()
    {
        const QString fifo = m_dir->filePath(QStringLiteral("fifo.py"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        expectRefusal(fifo, "is a pipe, not a program file");
    }

    void aFolder()
    {
        QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("project")));
        expectRefusal(m_dir->filePath(QStringLiteral("project")), "is a folder, not a program");
    }

    void anEmptyFile()
    {
        expectRefusal(writeFile(QStringLiteral("empty.py"), {}), "is empty: nothing to run");
        expectRefusal(writeFile(QStringLiteral("blank.py"), " \n\n\t\n"), "is empty: nothing to run");
    }

    void notUtf8SaysWhere()
    {
        // Latin-1 "é" on the second line, after "x = 'caf" (8 characters, one of them ü in UTF-8).
        const QString latin1 = writeFile(QStringLiteral("latin1.py"), "print(1)\nü = 'caf\xe9'\n");
        expectRefusal(latin1, "is not UTF-8 text: the byte 0xE9 at line 2, column 9");
        const QString utf16 = writeFile(QStringLiteral("utf16.py"), QByteArray("p\0r\0i\0n\0t\0", 10));
        expectRefusal(utf16, "holds a NUL byte at line 1, column 2");
    }

    void tooLargeToBeAProgram()
    {
        const QString big = writeFile(QStringLiteral("big.py"), QByteArray(20 * 1024 * 1024 + 1, '#'));
        expectRefusal(big, "too large to be a program");
    }

    void missing() { expectRefusal(m_dir->filePath(QStringLiteral("nowhere.py")), "does not exist"); }

    // As root every file is readable: the message for EACCES is tested in tst_programfile, and
    // here whenever the suite runs as an ordinary user (scripts/run-unprivileged-tests.sh).
    void unreadableWhenNotRoot()
    {
        const QString secret = writeFile(QStringLiteral("secret.py"), "print(1)\n");
        QCOMPARE(::chmod(QFile::encodeName(secret).constData(), 0), 0);
        if (::geteuid() != 0)
            expectRefusal(secret, "permission denied");
        else
            QCOMPARE(run({secret}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCliInput)
#include "tst_cliinput.moc"
