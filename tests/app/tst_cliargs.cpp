// `sandpit run FILE -- ARGS…` gives the program its arguments, as data and never through a
// shell; `sandpit run - --lang L` takes the program itself from standard input.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "clitest.h"

namespace {
// Everything a shell would interpret, or an option parser would take for its own.
const QStringList kAwkwardArguments{
    QStringLiteral("two words"),
    QStringLiteral("it's \"quoted\""),
    QStringLiteral("$HOME"),
    QStringLiteral("; rm -rf ~"),
    QString(),
    QStringLiteral("naïve café"),
    QStringLiteral("--json"),
    QStringLiteral("-"),
    QStringLiteral("--"),
};

QStringList jsonStrings(const QByteArray &json)
{
    QStringList out;
    for (const QJsonValue &v : QJsonDocument::fromJson(json).array())
        out << v.toString();
    return out;
}
} // namespace

class TestCliArgs : public CliTest
{
    Q_OBJECT

private Q_SLOTS:
    void argumentsReachTheProgramExactly()
    {
        const QString program = fixture(QStringLiteral("prints_its_arguments.py"));
        const Cli cli = run(QStringList{program, QStringLiteral("--")} + kAwkwardArguments);
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QCOMPARE(jsonStrings(cli.out), kAwkwardArguments);
    }

    void jsonRecordsTheArguments()
    {
        const QString program = fixture(QStringLiteral("prints_its_arguments.py"));
        const Cli cli = run(QStringList{program, QStringLiteral("--json"), QStringLiteral("--")} + kAwkwardArguments);
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(jsonStrings(cli.value("stdout").toUtf8()), kAwkwardArguments);
        QCOMPARE(cli.json().value(QStringLiteral("args")).toVariant().toStringList(), kAwkwardArguments);
        // Without any, the field is there and empty, so a script need not test for it.
        const Cli none = run({program, QStringLiteral("--json")});
        QCOMPARE(none.json().value(QStringLiteral("args")).toArray(), QJsonArray());
        QCOMPARE(none.value("stdout"), QStringLiteral("[]\n"));
    }

    void aCompiledProgramGetsThemNotItsCompiler_data()
    {
        QTest::addColumn<QString>("program");
        for (const char *name : {"prints_its_arguments.c", "prints_its_arguments.cpp", "PrintsItsArguments.java",
                                 "prints_its_arguments.rs"})
            QTest::newRow(name) << QStringLiteral("languages/") + QString::fromLatin1(name);
    }

    // The compiler never sees them: gcc would take "two words" for a file, and -o for its own.
    void aCompiledProgramGetsThemNotItsCompiler()
    {
        QFETCH(QString, program);
        const Cli cli = run({fixture(program), QStringLiteral("--"), QStringLiteral("two words"), QString(),
                             QStringLiteral("-o"), QStringLiteral("naïve")});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QCOMPARE(cli.out, QByteArray("4\n[two words]\n[]\n[-o]\n[naïve]\n"));
    }

    void aWordAfterTheFileWithoutDoubleDashIsAUsageError()
    {
        const Cli cli = run({fixture(QStringLiteral("prints_its_arguments.py")), QStringLiteral("extra")});
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("-- ARGS"), cli.err.constData());
        QVERIFY(cli.out.isEmpty());
    }

    void programFromStandardInput()
    {
        QFile source(fixture(QStringLiteral("reports_its_name_and_stdin.py")));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray code = source.readAll();
        // The program took all of stdin, so its own input is empty: it reads end of file.
        const Cli cli = runWithInput({QStringLiteral("-"), QStringLiteral("--lang"), QStringLiteral("python")}, code);
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QCOMPARE(cli.out, QByteArray("main.py in /work: stdin ''\n"));

        // --stdin FILE is the program's input; arguments work as with a file.
        const QString input = writeFile(QStringLiteral("input.txt"), "42\n");
        const Cli fed = runWithInput(
            {QStringLiteral("-"), QStringLiteral("--lang"), QStringLiteral("python"), QStringLiteral("--stdin"), input},
            code);
        QCOMPARE(fed.exitCode, 0);
        QCOMPARE(fed.out, QByteArray("main.py in /work: stdin '42\\n'\n"));
    }

    void programFromStandardInputNeedsALanguage()
    {
        const Cli cli = runWithInput({QStringLiteral("-")}, "print(1)\n");
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("standard input") && cli.err.contains("--lang"), cli.err.constData());
        QCOMPARE(runWithInput({QStringLiteral("-"), QStringLiteral("--json")}, "print(1)\n").exitCode, 2);

        const Cli twice = runWithInput({QStringLiteral("-"), QStringLiteral("--lang"), QStringLiteral("python"),
                                        QStringLiteral("--stdin"), QStringLiteral("-")},
                                       "print(1)\n");
        QCOMPARE(twice.exitCode, 125);
        QVERIFY2(twice.err.contains("--stdin -"), twice.err.constData());
    }

    void standardInputThatIsNoProgram()
    {
        const Cli cli = runWithInput({QStringLiteral("-"), QStringLiteral("--lang"), QStringLiteral("python")}, {});
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("standard input is empty: nothing to run"), cli.err.constData());
        // An endless stream is cut at the limit, not kept.
        const Cli big = runWithInput({QStringLiteral("-"), QStringLiteral("--lang"), QStringLiteral("python")},
                                     QByteArray(20 * 1024 * 1024 + 1, '#'));
        QCOMPARE(big.exitCode, 125);
        QVERIFY2(big.err.contains("standard input is more than 20 MB, too large to be a program"), big.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliArgs)
#include "tst_cliargs.moc"
