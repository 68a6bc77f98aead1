// `sandpit run`, as a user or a script runs it: the real binary, its exit status, what it
// prints on stdout and stderr, and its --json object.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include "sandpitprocess.h"

namespace {
constexpr int kRunTimeoutMs = 60000;

QString fixture(const QString &name)
{
    const QString dir = qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR));
    return dir + QLatin1Char('/') + name;
}

struct Cli {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;

    QJsonObject json() const
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(out, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            qWarning("stdout is not one JSON object (%s): %s", qPrintable(error.errorString()), out.constData());
        return doc.object();
    }
    QString value(const char *key) const { return json().value(QLatin1String(key)).toString(); }
};

// --- for the Docker tests: they need dockerd and sandpit-offline/python:3.11
// (packaging/docker/build-offline-images.sh) ---

const QString kDockerImage = QStringLiteral("sandpit-offline/python:3.11");

/// Every key path of a JSON object ("isolation.level"), for comparing the shape of two results.
QStringList jsonKeys(const QJsonObject &object, const QString &prefix = {})
{
    QStringList keys;
    for (auto it = object.begin(); it != object.end(); ++it) {
        keys << prefix + it.key();
        if (it.value().isObject())
            keys << jsonKeys(it.value().toObject(), prefix + it.key() + QLatin1Char('.'));
    }
    keys.sort();
    return keys;
}

/// "ID STATE" of each container that matches a `docker ps --filter`, through the docker CLI
/// (this test links no Docker client of its own).
QStringList dockerContainers(const QString &filter)
{
    QProcess docker;
    docker.start(QStringLiteral("docker"), {QStringLiteral("ps"), QStringLiteral("--all"), QStringLiteral("--no-trunc"),
                                           QStringLiteral("--filter"), filter, QStringLiteral("--format"),
                                           QStringLiteral("{{.ID}} {{.State}}")});
    if (!docker.waitForFinished(30000) || docker.exitCode() != 0)
        qFatal("docker ps failed: %s", docker.readAllStandardError().constData());
    return QString::fromUtf8(docker.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

/// Workspace folders (sandpit-run-*) whose owner file names `pid`, in the folder of this user's
/// own that Sandpit makes in `temp` for them.
QStringList workspacesOf(const QString &temp, qint64 pid)
{
    QStringList found;
    const QDir dir(temp + QStringLiteral("/sandpit-%1").arg(::geteuid()));
    for (const QString &name : dir.entryList({QStringLiteral("sandpit-run-*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile owner(dir.filePath(name + QStringLiteral("/owner")));
        if (owner.open(QIODevice::ReadOnly) && owner.readAll().trimmed().toLongLong() == pid)
            found << name;
    }
    return found;
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private:
    // A clean environment: no SANDPIT_* settings from the developer's shell, and a private
    // config folder so their saved settings are not read either.
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"SANDPIT_TIMEOUT_SEC", "SANDPIT_MEMORY_MB", "SANDPIT_OUTPUT_LIMIT_KB", "SANDPIT_BACKEND",
                                 "SANDPIT_DOCKER_FALLBACK"})
            env.remove(QString::fromLatin1(name));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
        return env;
    }

    Cli run(const QStringList &arguments, const QProcessEnvironment &env) const
    {
        const SandpitProcess p = SandpitProcess::run(QStringList{QStringLiteral("run")} + arguments, env, kRunTimeoutMs);
        return {p.exitCode, p.out, p.err};
    }
    Cli run(const QStringList &arguments) const { return run(arguments, environment()); }

    QString writeFile(const QString &name, const QByteArray &content) const
    {
        QFile f(m_dir->filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
            qFatal("cannot write %s", qPrintable(f.fileName()));
        return f.fileName();
    }

    std::unique_ptr<QTemporaryDir> m_dir;

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    void cleanup() { m_dir.reset(); }

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
        const Cli named = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--backend"), QStringLiteral("docker")}, env);
        QCOMPARE(named.exitCode, 3);
        // And the setting turns the fallback off.
        env.insert(QStringLiteral("SANDPIT_DOCKER_FALLBACK"), QStringLiteral("off"));
        QCOMPARE(run({fixture(QStringLiteral("hello.py"))}, env).exitCode, 3);
    }

    void helloAsJson()
    {
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject o = cli.json();
        QStringList keys{QStringLiteral("backend"), QStringLiteral("language"), QStringLiteral("exit_code"),
                         QStringLiteral("signal"), QStringLiteral("kill_reason"), QStringLiteral("kill_detail"),
                         QStringLiteral("wall_ms"), QStringLiteral("cpu_ms"), QStringLiteral("peak_memory_bytes"),
                         QStringLiteral("stdout"), QStringLiteral("stderr"), QStringLiteral("stdout_truncated"),
                         QStringLiteral("stderr_truncated"), QStringLiteral("artifacts"), QStringLiteral("isolation"),
                         QStringLiteral("notice"), QStringLiteral("stage"), QStringLiteral("diagnostics"),
                         QStringLiteral("limits_reached"), QStringLiteral("input_wait_ms")};
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
        QVERIFY((QStringList{QStringLiteral("full"), QStringLiteral("partial"), QStringLiteral("none")}).contains(level.toString()));
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

    void badEnvironmentValueIsNamed()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_TIMEOUT_SEC"), QStringLiteral("soon"));
        const Cli cli = run({fixture(QStringLiteral("hello.py"))}, env);
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains("SANDPIT_TIMEOUT_SEC"), cli.err.constData());
        QVERIFY2(cli.err.contains("\"soon\""), cli.err.constData());
        QVERIFY(!cli.out.contains("Hello"));
    }

    void stdinFromAFile()
    {
        const QString input = writeFile(QStringLiteral("input.txt"), "abc\ndef\n");
        const Cli cli = run({fixture(QStringLiteral("stdin_echo.py")), QStringLiteral("--stdin"), input,
                             QStringLiteral("--json")});
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
        const Cli cli = run({fixture(QStringLiteral("reads_attachments.py")), QStringLiteral("--file"), csv,
                             QStringLiteral("--file"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.value("stdout"), QStringLiteral("x,y\n1,2\ndata/a.txt alpha\n"));
    }

    void aMissingFileOptionIsAJsonError()
    {
        const QString path = m_dir->filePath(QStringLiteral("gone.csv"));
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--file"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 3);
        const QJsonObject error = cli.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-input-file"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(path), cli.out.constData());
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
        QCOMPARE(cli.exitCode, 0); // the run took place; the program's own exit code is in the summary
        QCOMPARE(cli.out, QByteArray("to stdout\n"));
        QVERIFY2(cli.err.startsWith("to stderr\n"), cli.err.constData());
        QVERIFY2(cli.err.contains("[sandpit]"), cli.err.constData());
        QVERIFY2(cli.err.contains("exit code 3"), cli.err.constData());
    }

    void missingFileCannotRun()
    {
        const QString path = m_dir->filePath(QStringLiteral("not-there.py"));
        const Cli cli = run({path});
        QCOMPARE(cli.exitCode, 3);
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
        QCOMPARE(cli.exitCode, 3);
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
    }

    void badUsage()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, mention);
        const Cli cli = run(arguments);
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains(mention), cli.err.constData());
        QVERIFY(cli.out.isEmpty());
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
        QVERIFY2(first.value(QStringLiteral("message")).toString().contains(QStringLiteral("before")), cli.out.constData());

        // Without --json the compiler's messages reach the terminal, and the summary says so.
        const Cli plain = run({fixture(QStringLiteral("languages/compile_error.c"))});
        QCOMPARE(plain.exitCode, 0);
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
        QCOMPARE(plain.exitCode, 0);
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
        QCOMPARE(error.value(QStringLiteral("message")).toString(), QStringLiteral("ZeroDivisionError: division by zero"));
        const QJsonObject caller = diagnostics.at(1).toObject();
        QCOMPARE(caller.value(QStringLiteral("line")).toInt(), 5);
        QCOMPARE(caller.value(QStringLiteral("severity")).toString(), QStringLiteral("note"));
    }

    // languages.json in the config folder, as a teacher would write it.
    void writeUserLanguages(const QByteArray &json) const
    {
        QDir().mkpath(m_dir->filePath(QStringLiteral("config/Sandpit/sandpit")));
        writeFile(QStringLiteral("config/Sandpit/sandpit/languages.json"), json);
    }

    void userLanguagesFileChangesALanguage()
    {
        writeUserLanguages(R"({"languages": [{"id": "python", "run": {"toolchain": ["no-such-python"]}, "install": "ask your teacher"}]})");
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 3);
        const QJsonObject error = cli.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-toolchain"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("no-such-python")), cli.out.constData());
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("ask your teacher")), cli.out.constData());
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
        QCOMPARE(cli.exitCode, 2);
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
    // --- the Docker backend through the CLI -------------------------------------------------

    void dockerGivesTheSameJsonAsLocal()
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QString hello = fixture(QStringLiteral("hello.py"));
        const Cli local = run({hello, QStringLiteral("--backend"), QStringLiteral("local"), QStringLiteral("--json")}, env);
        const Cli docker = run({hello, QStringLiteral("--backend"), QStringLiteral("docker"), QStringLiteral("--json")}, env);
        QCOMPARE(local.exitCode, 0);
        QVERIFY2(docker.exitCode == 0, (docker.out + docker.err).constData());
        const QJsonObject o = docker.json();
        QCOMPARE(jsonKeys(o), jsonKeys(local.json()));
        QCOMPARE(local.value("backend"), QStringLiteral("local"));
        QCOMPARE(docker.value("backend"), QStringLiteral("docker"));
        QCOMPARE(docker.value("language"), QStringLiteral("python"));
        QCOMPARE(docker.value("kill_reason"), QStringLiteral("none"));
        QCOMPARE(o.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY(o.value(QStringLiteral("signal")).isNull());
        QCOMPARE(docker.value("stdout"), QStringLiteral("Hello from Sandpit\n"));
        QCOMPARE(docker.value("stderr"), QString());
        QCOMPARE(o.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString(), QStringLiteral("full"));
    }

    void aMissingImageSaysHowToPullItAndIsNotRunLocally()
    {
        // Docker is the default with its fallback on, yet a missing image is the user's to
        // pull: the run fails with its own code rather than run in the local sandbox.
        const QString image = QStringLiteral("sandpit-offline/no-such-image:0");
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_BACKEND"), QStringLiteral("docker"));
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), image);
        const Cli cli = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--json")}, env);
        QCOMPARE(cli.exitCode, 3);
        const QJsonObject error = cli.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("missing-image"));
        QVERIFY2(cli.err.contains(QStringLiteral("docker pull %1").arg(image).toUtf8()), cli.err.constData());
    }

    void dockerGivesTheSameKillReasonsAsLocal_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("killReason");
        QTest::newRow("timeout") << QStringLiteral("sleeper.py") << QStringList{QStringLiteral("--timeout"), QStringLiteral("1")}
                                 << QStringLiteral("timeout");
        QTest::newRow("output limit") << QStringLiteral("flood_stdout.py")
                                      << QStringList{QStringLiteral("--output-limit"), QStringLiteral("16")}
                                      << QStringLiteral("output-limit");
        QTest::newRow("memory") << QStringLiteral("attacks/memory_bomb.py")
                                << QStringList{QStringLiteral("--memory"), QStringLiteral("64")} << QStringLiteral("memory");
    }
    void dockerGivesTheSameKillReasonsAsLocal()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, options);
        QFETCH(QString, killReason);
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QStringList arguments = QStringList{fixture(program), QStringLiteral("--json")} + options;
        const Cli local = run(arguments + QStringList{QStringLiteral("--backend"), QStringLiteral("local")}, env);
        const Cli docker = run(arguments + QStringList{QStringLiteral("--backend"), QStringLiteral("docker")}, env);
        QCOMPARE(local.exitCode, 0);
        QCOMPARE(docker.exitCode, 0);
        QCOMPARE(docker.value("backend"), QStringLiteral("docker"));
        QCOMPARE(local.value("kill_reason"), killReason);
        QCOMPARE(docker.value("kill_reason"), killReason);
        QCOMPARE(docker.json().value(QStringLiteral("exit_code")).isNull(), local.json().value(QStringLiteral("exit_code")).isNull());
        QCOMPARE(docker.json().value(QStringLiteral("stdout_truncated")), local.json().value(QStringLiteral("stdout_truncated")));
        QCOMPARE(jsonKeys(docker.json()), jsonKeys(local.json()));
    }

    void dockerRunOfAKilledAppIsRemovedAtTheNextStart()
    {
        // The app is SIGKILLed while its program sleeps in a container: nothing of Sandpit's
        // can clean up then. The next Sandpit to start must remove what it left.
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kDockerImage);
        const QString temp = m_dir->filePath(QStringLiteral("tmp")); // where both apps' workspaces go
        QVERIFY(QDir().mkpath(temp));
        env.insert(QStringLiteral("TMPDIR"), temp);
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"),
                  {QStringLiteral("run"), fixture(QStringLiteral("sleeper.py")), QStringLiteral("--backend"),
                   QStringLiteral("docker"), QStringLiteral("--timeout"), QStringLiteral("120")});
        QVERIFY(app.waitForStarted());
        const qint64 killedPid = app.processId();
        const QString ownedByKilled = QStringLiteral("label=org.sandpit.owner=%1").arg(killedPid);
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += app.readAllStandardOutput()).contains("going to sleep"), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(dockerContainers(ownedByKilled).join(QLatin1Char(' ')).contains(QStringLiteral(" running")),
                                 10000);
        QVERIFY(!workspacesOf(temp, killedPid).isEmpty());
        app.kill();
        QVERIFY(app.waitForFinished(5000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
        // Nobody removes the sleeping program's container now: it is still there.
        QVERIFY2(!dockerContainers(ownedByKilled).isEmpty(), "the killed app's container vanished on its own");

        const Cli next = run({fixture(QStringLiteral("hello.py")), QStringLiteral("--backend"), QStringLiteral("docker")}, env);
        QCOMPARE(next.exitCode, 0);
        QCOMPARE(next.out, QByteArray("Hello from Sandpit\n"));
        const QStringList left = dockerContainers(ownedByKilled);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
        // Its workspace holds the learner's sources: it goes too.
        const QStringList workspaces = workspacesOf(temp, killedPid);
        QVERIFY2(workspaces.isEmpty(), qPrintable(workspaces.join(QStringLiteral(", "))));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
