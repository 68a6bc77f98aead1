// `sandpit run --json`: the one JSON object a script reads, for a run that finished, was
// stopped by a limit, did not compile, or stopped with an error; and the error object when
// the program could not run.
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include "clitest.h"

class TestCliJson : public CliTest
{
    Q_OBJECT

private Q_SLOTS:
    void helloAsJson()
    {
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject o = cli.json();
        QStringList keys{
            QStringLiteral("backend"),          QStringLiteral("language"),      QStringLiteral("exit_code"),
            QStringLiteral("signal"),           QStringLiteral("kill_reason"),   QStringLiteral("kill_detail"),
            QStringLiteral("wall_ms"),          QStringLiteral("cpu_ms"),        QStringLiteral("peak_memory_bytes"),
            QStringLiteral("stdout"),           QStringLiteral("stderr"),        QStringLiteral("stdout_truncated"),
            QStringLiteral("stderr_truncated"), QStringLiteral("artifacts"),     QStringLiteral("isolation"),
            QStringLiteral("notice"),           QStringLiteral("stage"),         QStringLiteral("diagnostics"),
            QStringLiteral("limits_reached"),   QStringLiteral("input_wait_ms"), QStringLiteral("args"),
            QStringLiteral("network")};
        keys.sort();
        QCOMPARE(o.keys(), keys);
        QCOMPARE(o.value(QStringLiteral("kill_reason")).toString(), QStringLiteral("none"));
        QCOMPARE(o.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY(o.value(QStringLiteral("signal")).isNull());
        QCOMPARE(o.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(o.value(QStringLiteral("stderr")).toString(), QString());
        QCOMPARE(o.value(QStringLiteral("backend")).toString(), QStringLiteral("local"));
        QCOMPARE(o.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        const QJsonValue level = o.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level"));
        QVERIFY(level.isString());
        QVERIFY((QStringList{QStringLiteral("full"), QStringLiteral("partial"), QStringLiteral("none")})
                    .contains(level.toString()));
    }

    void timeoutIsAResultNotAnError()
    {
        const Cli cli = run({fixture(QStringLiteral("sleeper.py")), QStringLiteral("--timeout"), QStringLiteral("1"),
                             QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("kill_reason"), QStringLiteral("timeout"));
        QVERIFY(cli.json().value(QStringLiteral("exit_code")).isNull());
        QCOMPARE(cli.value("signal"), QStringLiteral("SIGKILL"));
        QCOMPARE(cli.value("stdout"), QStringLiteral("going to sleep\n"));
        QVERIFY2(cli.value("kill_detail").contains(QStringLiteral("1 s")), qPrintable(cli.value("kill_detail")));
    }

    void outputLimitOption()
    {
        const Cli cli = run({fixture(QStringLiteral("flood_stdout.py")), QStringLiteral("--output-limit"),
                             QStringLiteral("16"), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("kill_reason"), QStringLiteral("output-limit"));
        QCOMPARE(cli.json().value(QStringLiteral("stdout_truncated")).toBool(), true);
        QCOMPARE(cli.value("stdout").size(), 16 * 1024);
    }

    void outputLimitFromTheEnvironment()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_OUTPUT_LIMIT_KB"), QStringLiteral("1"));
        const Cli cli = run({fixture(QStringLiteral("flood_stdout.py")), QStringLiteral("--json")}, env);
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("kill_reason"), QStringLiteral("output-limit"));
        QCOMPARE(cli.value("stdout").size(), 1024);
    }

    void blockedImportEndsAtStagePolicy()
    {
        const Cli cli = run({fixture(QStringLiteral("policy/imports_os.py")), QStringLiteral("--block-import"),
                             QStringLiteral("os"), QStringLiteral("--warn-import"), QStringLiteral("math"),
                             QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stage"), QStringLiteral("policy"));
        QCOMPARE(cli.value("stdout"), QString()); // the program did not run
        const QJsonArray diagnostics = cli.json().value(QStringLiteral("diagnostics")).toArray();
        QCOMPARE(diagnostics.size(), 2);
        QCOMPARE(diagnostics.at(0).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QCOMPARE(diagnostics.at(0).toObject().value(QStringLiteral("line")).toInt(), 2);
        QCOMPARE(diagnostics.at(1).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(diagnostics.at(1).toObject().value(QStringLiteral("line")).toInt(), 3);
        QVERIFY2(cli.value("kill_detail").contains(QStringLiteral("import policy blocks")),
                 qPrintable(cli.value("kill_detail")));
    }

    void aBadModuleNameIsAWrongOption()
    {
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--block-import"),
                             QStringLiteral("os;rm"), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(QString::fromUtf8(cli.err + cli.out)
                     .contains(QStringLiteral("--block-import: “os;rm” is not a "
                                              "module name")),
                 cli.err + cli.out);
    }

    void aMissingFileOptionIsAJsonError()
    {
        const QString path = m_dir->filePath(QStringLiteral("gone.csv"));
        const Cli cli
            = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--file"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 3);
        const QJsonObject error = cli.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-input-file"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(path), cli.out.constData());
    }

    void compiledProgramRuns()
    {
        const Cli cli = run({fixture(QStringLiteral("languages/hello.c")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stage"), QStringLiteral("run"));
        QCOMPARE(cli.value("language"), QStringLiteral("c"));
        QCOMPARE(cli.value("stdout"), QStringLiteral("Hello from C\n"));
        QCOMPARE(cli.json().value(QStringLiteral("diagnostics")).toArray().size(), 0);
    }

    void compileErrorIsARunThatStoppedAtTheCompileStage()
    {
        const Cli cli = run({fixture(QStringLiteral("languages/compile_error.c")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0); // the run took place; the compiler's verdict is in the JSON
        QCOMPARE(cli.value("stage"), QStringLiteral("compile"));
        QCOMPARE(cli.value("kill_reason"), QStringLiteral("none"));
        QCOMPARE(cli.json().value(QStringLiteral("exit_code")).toInt(), 1);
        QVERIFY2(cli.value("stderr").contains(QStringLiteral("compile_error.c:5:")), cli.out.constData());
        QVERIFY2(cli.value("kill_detail").contains(QStringLiteral("did not run")), cli.out.constData());
        const QJsonArray diagnostics = cli.json().value(QStringLiteral("diagnostics")).toArray();
        QCOMPARE(diagnostics.size(), 1);
        const QJsonObject first = diagnostics.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("file")).toString(), QStringLiteral("compile_error.c"));
        QCOMPARE(first.value(QStringLiteral("line")).toInt(), 5);
        QCOMPARE(first.value(QStringLiteral("column")).toInt(), 39);
        QCOMPARE(first.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QVERIFY2(first.value(QStringLiteral("message")).toString().contains(QStringLiteral("before")),
                 cli.out.constData());

        // Without --json the compiler's messages reach the terminal, and the summary says so.
        const Cli plain = run({fixture(QStringLiteral("languages/compile_error.c"))});
        QCOMPARE(plain.exitCode, 1); // gcc's status, as `gcc compile_error.c && ./a.out` gives
        QVERIFY2(plain.err.contains("compile_error.c:5:"), plain.err.constData());
        QVERIFY2(plain.err.contains("did not run"), plain.err.constData());
        // The summary is headed by what happened, as the window's is, not by an exit code.
        const QByteArray summary = plain.err.mid(plain.err.indexOf("[sandpit] "));
        QVERIFY2(summary.startsWith("[sandpit] Did not compile: "), plain.err.constData());
        QVERIFY2(!summary.left(summary.indexOf('\n')).contains("exit code"), plain.err.constData());
        QVERIFY2(!plain.err.contains("Finished"), plain.err.constData());
    }

    void runtimeErrorSummaryNamesTheError()
    {
        const Cli plain = run({fixture(QStringLiteral("languages/runtime_error.py"))});
        QCOMPARE(plain.exitCode, 1); // Python's status for an uncaught exception
        QVERIFY2(plain.err.contains("[sandpit] The program stopped with an error: "), plain.err.constData());
        QVERIFY2(plain.err.contains("line "), plain.err.constData());
        QVERIFY2(!plain.err.contains("Finished"), plain.err.constData());
    }

    void runtimeErrorHasItsLineInTheJson()
    {
        const Cli cli = run({fixture(QStringLiteral("languages/runtime_error.py")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stage"), QStringLiteral("run"));
        const QJsonArray diagnostics = cli.json().value(QStringLiteral("diagnostics")).toArray();
        QCOMPARE(diagnostics.size(), 2);
        const QJsonObject error = diagnostics.at(0).toObject();
        QCOMPARE(error.value(QStringLiteral("file")).toString(), QStringLiteral("runtime_error.py"));
        QCOMPARE(error.value(QStringLiteral("line")).toInt(), 2);
        QCOMPARE(error.value(QStringLiteral("message")).toString(),
                 QStringLiteral("ZeroDivisionError: division by zero"));
        const QJsonObject caller = diagnostics.at(1).toObject();
        QCOMPARE(caller.value(QStringLiteral("line")).toInt(), 5);
        QCOMPARE(caller.value(QStringLiteral("severity")).toString(), QStringLiteral("note"));
    }
};

QTEST_GUILESS_MAIN(TestCliJson)
#include "tst_clijson.moc"
