// `sandpit run`'s exit status, as `docker run` and timeout(1) give theirs: without --json the
// program's own status (124 for the time limit, 128+N for signal N, 125 for Sandpit's own
// errors); with --json 0 whenever a run took place, 2 for a usage error, 3 when it could not run.
#include <QTest>

#include "clitest.h"

class TestCliExitStatus : public CliTest
{
    Q_OBJECT

private Q_SLOTS:
    void status_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("plain");
        QTest::addColumn<int>("json");
        const auto program = [](const char *name, QStringList more = {}) {
            return QStringList{fixture(QString::fromLatin1(name))} + more;
        };
        QTest::newRow("ends by itself") << program("hello.py") << 0 << 0;
        QTest::newRow("exits with 7") << program("exits_with_7.py") << 7 << 0;
        QTest::newRow("time limit") << program("sleeper.py", {QStringLiteral("--timeout"), QStringLiteral("1")}) << 124
                                    << 0;
        QTest::newRow("SIGSEGV") << program("segfault.py") << 128 + 11 << 0;
        QTest::newRow("SIGTERM") << program("kills_itself_with_sigterm.py") << 128 + 15 << 0;
        // The sandbox stops a program over a limit with SIGKILL, and the status says so.
        QTest::newRow("output limit") << program("flood_stdout.py",
                                                 {QStringLiteral("--output-limit"), QStringLiteral("1")})
                                      << 128 + 9 << 0;
        // As `gcc prog.c && ./a.out` would: the compiler's status, and nothing ran.
        QTest::newRow("compile error") << program("languages/compile_error.c") << 1 << 0;
        QTest::newRow("missing file") << program("no_such_program.py") << 125 << 3;
        QTest::newRow("unknown option") << program("hello.py", {QStringLiteral("--fast")}) << 125 << 2;
    }

    void status()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, plain);
        QFETCH(int, json);
        const Cli cli = run(arguments);
        QVERIFY2(cli.exitCode == plain,
                 qPrintable(QStringLiteral("exit %1, expected %2; stderr: %3")
                                .arg(cli.exitCode)
                                .arg(plain)
                                .arg(QString::fromUtf8(cli.err))));
        const Cli withJson = run(arguments + QStringList{QStringLiteral("--json")});
        QVERIFY2(withJson.exitCode == json,
                 qPrintable(QStringLiteral("--json: exit %1, expected %2; stderr: %3")
                                .arg(withJson.exitCode)
                                .arg(json)
                                .arg(QString::fromUtf8(withJson.err))));
    }

    // The program's output still comes through as it is when its status is passed on.
    void outputOfAFailingProgramIsKept()
    {
        const Cli cli = run({fixture(QStringLiteral("exits_with_7.py"))});
        QCOMPARE(cli.exitCode, 7);
        QCOMPARE(cli.out, QByteArray("leaving with 7\n"));
        QVERIFY2(cli.err.contains("exit code 7"), cli.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliExitStatus)
#include "tst_cliexitstatus.moc"
