// `sandpit run` as a user or a script runs it: the real binary, its options, its exit status and
// what it prints on stdout and stderr. The --json object is tested in tst_clijson, the Docker
// backend in tst_clidocker.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"
#include "support/loopbackserver.h"

class TestCli : public CliTest
{
    Q_OBJECT

private:
    // languages.json in the config folder, as a teacher would write it.
    void writeUserLanguages(const QByteArray &json) const
    {
        QDir().mkpath(m_dir->filePath(QStringLiteral("config/Sandpit/sandpit")));
        writeFile(QStringLiteral("config/Sandpit/sandpit/languages.json"), json);
    }

private Q_SLOTS:
    void unreachableDockerFallsBackToTheLocalSandbox()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_BACKEND"), QStringLiteral("docker"));
        env.insert(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")}, env);
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject o = cli.json();
        QCOMPARE(o.value(QStringLiteral("backend")).toString(), QStringLiteral("local"));
        QCOMPARE(o.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello from Sandpit\n"));
        QVERIFY2(o.value(QStringLiteral("notice")).toString().contains(QStringLiteral("Docker could not be used")),
                 qPrintable(o.value(QStringLiteral("notice")).toString()));

        // Asked for by name, Docker is not replaced: the run fails and says why.
        const Cli named
            = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--backend"), QStringLiteral("docker")}, env);
        QCOMPARE(named.exitCode, 125);
        // And the setting turns the fallback off.
        env.insert(QStringLiteral("SANDPIT_DOCKER_FALLBACK"), QStringLiteral("off"));
        QCOMPARE(run({fixture(QStringLiteral("hello.py"))}, env).exitCode, 125);
    }

    void badEnvironmentValueIsNamed()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_TIMEOUT_SEC"), QStringLiteral("soon"));
        const Cli cli = run({fixture(QStringLiteral("hello.py"))}, env);
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("SANDPIT_TIMEOUT_SEC"), cli.err.constData());
        QVERIFY2(cli.err.contains("\"soon\""), cli.err.constData());
        QVERIFY(!cli.out.contains("Hello"));
    }

    // The setting's hosts, replaced by --allow-net's: each reaches only its own server.
    void allowNetReplacesTheSetting()
    {
        SandpitTest::LoopbackServer a(SandpitTest::LoopbackServer::Mode::Http, "A");
        SandpitTest::LoopbackServer b(SandpitTest::LoopbackServer::Mode::Http, "B");
        const QString portA = QString::number(a.port());
        const QString portB = QString::number(b.port());
        const QStringList program{fixture(QStringLiteral("network/fetches_each_port.py")), QStringLiteral("--json")};
        const QStringList ports{QStringLiteral("--"), portA, portB};
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_ALLOW_NET"), QStringLiteral("127.0.0.1:") + portA);

        const Cli bySetting = run(program + ports, env);
        QCOMPARE(bySetting.exitCode, 0);
        QCOMPARE(bySetting.value("stdout"), QStringLiteral("%1 200 A\n%2 403\n").arg(portA, portB));
        const Cli byOption = run(program + QStringList{QStringLiteral("--allow-net"), QStringLiteral("127.0.0.1:") + portB} + ports, env);
        QCOMPARE(byOption.exitCode, 0);
        QCOMPARE(byOption.value("stdout"), QStringLiteral("%1 403\n%2 200 B\n").arg(portA, portB));
        const QJsonArray attempts = byOption.json().value(QStringLiteral("network")).toArray();
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(0).toObject().value(QStringLiteral("allowed")).toBool(), false);
        QCOMPARE(attempts.at(1).toObject().value(QStringLiteral("port")).toInt(), int(b.port()));
        QCOMPARE(attempts.at(1).toObject().value(QStringLiteral("allowed")).toBool(), true);

        // Neither: no network at all, and nothing to list.
        const Cli none = run(program + ports);
        QCOMPARE(none.value("stdout"), QStringLiteral("%1 unreachable\n%2 unreachable\n").arg(portA, portB));
        QCOMPARE(none.json().value(QStringLiteral("network")).toArray().size(), 0);
    }

    void badAllowedHostsVariableIsNamed()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_ALLOW_NET"), QStringLiteral("example.org"));
        const Cli cli = run({fixture(QStringLiteral("hello.py"))}, env);
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("SANDPIT_ALLOW_NET") && cli.err.contains("\"example.org\" has no port"),
                 cli.err.constData());
    }

    void stdinFromAFile()
    {
        const QString input = writeFile(QStringLiteral("input.txt"), "abc\ndef\n");
        const Cli cli = run(
            {fixture(QStringLiteral("stdin_echo.py")), QStringLiteral("--stdin"), input, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stdout"), QStringLiteral("got 8 bytes: ABC\nDEF\n"));
    }

    // `--stdin -` passes the terminal's input on as it comes: a person who answers a prompt
    // later than the time limit gets an answer, not "stopped: time limit".
    void stdinDashWaitsForASlowWriter()
    {
        QProcess sandpit;
        sandpit.setProcessEnvironment(environment());
        sandpit.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"),
                      {QStringLiteral("run"), fixture(QStringLiteral("asks_for_input.py")), QStringLiteral("--stdin"),
                       QStringLiteral("-"), QStringLiteral("--timeout"), QStringLiteral("1.5")});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += sandpit.readAllStandardOutput()).contains("How many names? "), kRunTimeoutMs);
        // The one fixed wait: a person taking longer than the limit to type.
        QTest::qWait(2500);
        sandpit.write("3\n");
        sandpit.closeWriteChannel();
        QVERIFY(sandpit.waitForFinished(kRunTimeoutMs));
        out += sandpit.readAllStandardOutput();
        const QByteArray err = sandpit.readAllStandardError();
        QCOMPARE(sandpit.exitCode(), 0);
        QCOMPARE(out, QByteArray("How many names? You said 3.\n"));
        QVERIFY2(err.contains("for input, which does not count"), err.constData());
        QVERIFY2(!err.contains("time limit of"), err.constData());
    }

    void fileOptionsAttachAFileAndAFolder()
    {
        const QString csv = writeFile(QStringLiteral("data.csv"), "x,y\n1,2\n");
        QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("data")));
        writeFile(QStringLiteral("data/a.txt"), "alpha\n");
        const Cli cli
            = run({fixture(QStringLiteral("reads_attachments.py")), QStringLiteral("--file"), csv,
                   QStringLiteral("--file"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stdout"), QStringLiteral("x,y\n1,2\ndata/a.txt alpha\n"));
    }

    void workspaceOptionKeepsWhatTheProgramWrote()
    {
        const QString workspace = m_dir->filePath(QStringLiteral("ws")); // made by sandpit
        for (const QString &expected : {QStringLiteral("1\n"), QStringLiteral("2\n")}) {
            const Cli cli = run({fixture(QStringLiteral("counts_runs.py")), QStringLiteral("--workspace"), workspace,
                                 QStringLiteral("--json")});
            QCOMPARE(cli.exitCode, 0);
            QCOMPARE(cli.value("stdout"), expected);
        }
        QFile counter(workspace + QStringLiteral("/counter.txt"));
        QVERIFY(counter.open(QIODevice::ReadOnly));
        QCOMPARE(counter.readAll(), QByteArray("run\nrun\n"));
        // Without it, every run starts from a clean workspace.
        const Cli fresh = run({fixture(QStringLiteral("counts_runs.py")), QStringLiteral("--json")});
        QCOMPARE(fresh.value("stdout"), QStringLiteral("1\n"));
    }

    void plainOutputAndSummary()
    {
        const Cli cli = run({fixture(QStringLiteral("stderr_exit3.py"))});
        QCOMPARE(cli.exitCode, 3); // the program's own status, and in the summary too
        QCOMPARE(cli.out, QByteArray("to stdout\n"));
        QVERIFY2(cli.err.startsWith("to stderr\n"), cli.err.constData());
        QVERIFY2(cli.err.contains("[sandpit]"), cli.err.constData());
        QVERIFY2(cli.err.contains("exit code 3"), cli.err.constData());
    }

    void missingFileCannotRun()
    {
        const QString path = m_dir->filePath(QStringLiteral("not-there.py"));
        const Cli cli = run({path});
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains(path.toUtf8()), cli.err.constData());

        const Cli json = run({path, QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 3);
        const QJsonObject error = json.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("bad-request"));
        QVERIFY(error.value(QStringLiteral("message")).toString().contains(path));
    }

    void emptyFileCannotRun()
    {
        const Cli cli = run({writeFile(QStringLiteral("empty.py"), {})});
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("empty"), cli.err.constData());
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("mention");
        const QString hello = fixture(QStringLiteral("hello.py"));
        QTest::newRow("no file") << QStringList() << QByteArray("usage");
        QTest::newRow("two files") << QStringList{hello, hello} << QByteArray("usage");
        QTest::newRow("--timeout abc") << QStringList{hello, QStringLiteral("--timeout"), QStringLiteral("abc")}
                                       << QByteArray("\"abc\"");
        QTest::newRow("--timeout 0") << QStringList{hello, QStringLiteral("--timeout"), QStringLiteral("0")}
                                     << QByteArray("--timeout");
        QTest::newRow("--memory -1") << QStringList{hello, QStringLiteral("--memory"), QStringLiteral("-1")}
                                     << QByteArray("--memory");
        QTest::newRow("unknown option") << QStringList{hello, QStringLiteral("--fast")} << QByteArray("fast");
        QTest::newRow("unknown --lang") << QStringList{hello, QStringLiteral("--lang"), QStringLiteral("cobol")}
                                        << QByteArray("cobol");
        QTest::newRow("--allow-net without a port")
            << QStringList{hello, QStringLiteral("--allow-net"), QStringLiteral("pypi.org")}
            << QByteArray("--allow-net: The allowed network destination \"pypi.org\" has no port");
        QTest::newRow("--allow-net a URL")
            << QStringList{hello, QStringLiteral("--allow-net"), QStringLiteral("localhost:1"), QStringLiteral("--allow-net"),
                           QStringLiteral("https://pypi.org/simple")}
            << QByteArray("is a URL");
    }

    void badUsage()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, mention);
        // docker run's precedent: a command line Sandpit refuses is Sandpit's own error, 125;
        // with --json it keeps the 2 scripts know.
        const Cli cli = run(arguments);
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains(mention), cli.err.constData());
        QVERIFY(cli.out.isEmpty());
        const Cli json = run(arguments + QStringList{QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 2);
        QVERIFY2(json.err.contains(mention), json.err.constData());
    }

    void userLanguagesFileChangesALanguage()
    {
        writeUserLanguages(
            R"({"languages": [{"id": "python", "run": {"toolchain": ["no-such-python"]}, "install": "ask your teacher"}]})");
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 3);
        const QJsonObject error = cli.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-toolchain"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("no-such-python")),
                 cli.out.constData());
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("ask your teacher")),
                 cli.out.constData());
    }

    void malformedUserLanguagesFileIsReportedAndIgnored()
    {
        writeUserLanguages(R"({"languages": [{"id": "python", "run": {"toolchain": ["no-such-python"]},}]})");
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stdout"), QStringLiteral("Hello from Sandpit\n"));
        QVERIFY2(cli.err.contains("languages.json"), cli.err.constData());
        QVERIFY2(cli.err.contains("not valid JSON"), cli.err.constData());
    }

    void unknownExtensionSuggestsLang()
    {
        const Cli cli = run({writeFile(QStringLiteral("x.zzz"), "print(1)\n")});
        QCOMPARE(cli.exitCode, 125);
        QVERIFY2(cli.err.contains("--lang"), cli.err.constData());
        QVERIFY2(cli.err.contains("python"), cli.err.constData());
    }

    void langOptionOverridesTheExtension()
    {
        QFile hello(fixture(QStringLiteral("hello.py")));
        QVERIFY(hello.open(QIODevice::ReadOnly));
        const QString program = writeFile(QStringLiteral("prog.txt"), hello.readAll());
        const Cli cli = run({program, QStringLiteral("--lang"), QStringLiteral("python")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.out, QByteArray("Hello from Sandpit\n"));
    }

    void runsWithoutADisplay()
    {
        QProcessEnvironment env = environment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QString());
        const Cli cli = run({fixture(QStringLiteral("hello.py"))}, env);
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.out, QByteArray("Hello from Sandpit\n"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
