// RunRequestBuilder: the one place that turns what the window and the command line ask for into
// a RunRequest. Each case is a decision a user would notice: the wrong language, a limit that
// did not take, a Docker run silently moved to the local sandbox, an attachment that is not there.

#include "engine/backendid.h"
#include "engine/runrequestbuilder.h"
#include "languages/languageregistry.h"
#include "support/testfiles.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace Sandpit::Core;
using Builder = RunRequestBuilder;

class TestRunRequestBuilder : public QObject
{
    Q_OBJECT

private:
    QString write(const QString &name, const QByteArray &content) const
    {
        const QString path = m_dir.filePath(name);
        if (!TestFiles::writeFile(path, content))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    /// A builder over `settings` whose program is a Python file that exists.
    Builder withProgram(const EngineSettings &settings = {}) const
    {
        Builder builder(settings);
        builder.programFile(write(QStringLiteral("prog.py"), "print(1)\n"), {}, m_languages);
        return builder;
    }

    QTemporaryDir m_dir;
    LanguageRegistry m_languages = LanguageRegistry::builtIn();

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void languageFromTheExtension()
    {
        const QString path = write(QStringLiteral("sum.c"), "int main(void) { return 0; }\n");
        const auto request = Builder({}).programFile(path, {}, m_languages).build();
        QVERIFY(request);
        QCOMPARE(request->language, QStringLiteral("c"));
        QCOMPARE(request->entryFile, QStringLiteral("sum.c"));
        QCOMPARE(request->sources.size(), 1);
        QCOMPARE(request->sources.first().name, QStringLiteral("sum.c"));
        QCOMPARE(request->sources.first().content, QByteArray("int main(void) { return 0; }\n"));
    }

    void explicitLanguageOverridesTheExtension()
    {
        const QString path = write(QStringLiteral("notes.txt"), "print('hi')\n");
        const auto request = Builder({}).programFile(path, QStringLiteral("PYTHON"), m_languages).build();
        QVERIFY(request);
        QCOMPARE(request->language, QStringLiteral("python"));
        QCOMPARE(request->entryFile, QStringLiteral("notes.txt"));
    }

    void unknownLanguageIsTheCallersMistake_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("languageId");
        QTest::addColumn<QString>("mention");
        QTest::newRow("extension") << QStringLiteral("notes.xyz") << QString() << QStringLiteral("--lang");
        QTest::newRow("explicit") << QStringLiteral("prog.py") << QStringLiteral("cobol") << QStringLiteral("cobol");
    }
    void unknownLanguageIsTheCallersMistake()
    {
        QFETCH(QString, name);
        QFETCH(QString, languageId);
        QFETCH(QString, mention);
        const auto request = Builder({}).programFile(write(name, "x\n"), languageId, m_languages).build();
        QVERIFY(!request);
        QVERIFY(request.error().wrongChoice);
        QCOMPARE(request.error().error.code, RunError::Code::UnknownLanguage);
        QVERIFY2(request.error().error.message.contains(mention), qPrintable(request.error().error.message));
        QVERIFY2(request.error().error.message.contains(QStringLiteral("python")), "the known languages are named");
    }

    void missingProgramCannotRun()
    {
        const QString path = m_dir.filePath(QStringLiteral("not-there.py"));
        const auto request = Builder({}).programFile(path, {}, m_languages).build();
        QVERIFY(!request);
        QVERIFY(!request.error().wrongChoice);
        QCOMPARE(request.error().error.code, RunError::Code::BadRequest);
        QVERIFY(request.error().error.message.contains(path));
        QVERIFY(request.error().error.message.contains(QStringLiteral("does not exist")));
    }

    void folderAsProgramCannotRun()
    {
        const QString path = m_dir.filePath(QStringLiteral("folder.py"));
        QVERIFY(QDir().mkpath(path));
        const auto request = Builder({}).programFile(path, {}, m_languages).build();
        QVERIFY(!request);
        QVERIFY(!request.error().wrongChoice);
        QVERIFY(request.error().error.message.contains(QStringLiteral("is a folder")));
    }

    // Issue 18: a program is UTF-8 text, and the refusal says where the first bad byte is
    // (before, the bytes ran as they were and Python failed on them with its own message).
    void sourceThatIsNotUtf8CannotRun()
    {
        const QString path = write(QStringLiteral("latin1.py"), "print('caf\xe9')\n");
        const auto request = Builder({}).programFile(path, {}, m_languages).build();
        QVERIFY(!request);
        QVERIFY(!request.error().wrongChoice);
        QVERIFY2(request.error().error.message.contains(QStringLiteral("line 1, column 11")),
                 qPrintable(request.error().error.message));
    }

    // The window and the command line both pass them through here, to the run step alone.
    void argumentsAreCarriedAsGiven()
    {
        const QStringList arguments{QStringLiteral("two words"), QString(), QStringLiteral("$HOME")};
        const auto request = Builder({})
                                 .editorProgram(m_languages.find(QStringLiteral("python")), {}, QStringLiteral("x=1"))
                                 .arguments(arguments)
                                 .build();
        QVERIFY(request);
        QCOMPARE(request->arguments, arguments);
    }

    void programFromAStreamGetsTheLanguagesDefaultName()
    {
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const QByteArray code = "print('from a pipe')\n";
        QCOMPARE(::write(fds[1], code.constData(), size_t(code.size())), ssize_t(code.size()));
        ::close(fds[1]);
        const auto request
            = Builder({})
                  .programStream(fds[0], QStringLiteral("standard input"), QStringLiteral("python"), m_languages)
                  .build();
        ::close(fds[0]);
        QVERIFY(request);
        QCOMPARE(request->entryFile, QStringLiteral("main.py"));
        QCOMPARE(request->sources.first().content, code);

        // Without a language nothing is read: the error comes before any wait for input.
        const auto unnamed = Builder({}).programStream(-1, QStringLiteral("standard input"), {}, m_languages).build();
        QVERIFY(!unnamed);
        QVERIFY(unnamed.error().wrongChoice);
        QVERIFY(unnamed.error().error.message.contains(QStringLiteral("--lang")));
    }

    void fileNameThatIsNotUtf8CannotRun()
    {
        // Qt decodes file names as UTF-8, so such a name reaches the builder with U+FFFD in it
        // and names no file: a could-not-run error naming it, not a run of something else.
        const QByteArray raw = QFile::encodeName(m_dir.path()) + "/bad\xff.py";
        const int fd = ::open(raw.constData(), O_CREAT | O_WRONLY, 0600);
        QVERIFY(fd >= 0);
        ::close(fd);
        const auto request = Builder({}).programFile(QFile::decodeName(raw), {}, m_languages).build();
        ::unlink(raw.constData()); // QTemporaryDir, decoding names too, could not remove it
        QVERIFY(!request);
        QVERIFY(!request.error().wrongChoice);
        QVERIFY(request.error().error.message.contains(QStringLiteral("bad")));
    }

    void limitsAreTheSettingsThenTheOverrides()
    {
        EngineSettings settings;
        settings.limits.wallTimeMs = 4321;
        settings.limits.memoryBytes = 99 * 1024 * 1024;
        settings.limits.outputBytes = 777;
        const auto unchanged = withProgram(settings).build();
        QVERIFY(unchanged);
        QCOMPARE(unchanged->limits, settings.limits);

        Builder changing = withProgram(settings);
        changing.limit(Builder::Limit::TimeoutSeconds, QStringLiteral("timeout"), QStringLiteral("2.5"))
            .limit(Builder::Limit::MemoryMegabytes, QStringLiteral("memory"), QStringLiteral("64"));
        const auto changed = changing.build();
        QVERIFY(changed);
        QCOMPARE(changed->limits.wallTimeMs, 2500);
        QCOMPARE(changed->limits.memoryBytes, 64LL * 1024 * 1024);
        QCOMPARE(changed->limits.outputBytes, 777); // not overridden: the setting's

        Builder outputChanging = withProgram(settings);
        outputChanging.limit(Builder::Limit::OutputKilobytes, QStringLiteral("output-limit"), QStringLiteral("16"));
        const auto output = outputChanging.build();
        QVERIFY(output);
        QCOMPARE(output->limits.outputBytes, 16 * 1024);
        QCOMPARE(output->limits.wallTimeMs, 4321);
    }

    void limitBounds_data()
    {
        QTest::addColumn<int>("limit");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("accepted");
        using enum Builder::Limit;
        const struct {
            Builder::Limit limit;
            const char *text;
            bool accepted;
        } bounds[] = {
            {TimeoutSeconds, "0.1", true},       {TimeoutSeconds, "86400", true}, {TimeoutSeconds, "0", false},
            {TimeoutSeconds, "86401", false},    {TimeoutSeconds, "abc", false},  {TimeoutSeconds, "inf", false},
            {TimeoutSeconds, "nan", false},      {MemoryMegabytes, "8", true},    {MemoryMegabytes, "7", false},
            {MemoryMegabytes, "-1", false},      {OutputKilobytes, "1", true},    {OutputKilobytes, "0.5", false},
            {OutputKilobytes, "1048577", false},
        };
        for (const auto &bound : bounds) {
            QTest::addRow("limit %d, %s", int(bound.limit), bound.text)
                << int(bound.limit) << QString::fromLatin1(bound.text) << bound.accepted;
        }
    }
    void limitBounds()
    {
        QFETCH(int, limit);
        QFETCH(QString, text);
        QFETCH(bool, accepted);
        const auto request = withProgram().limit(Builder::Limit(limit), QStringLiteral("opt"), text).build();
        QCOMPARE(bool(request), accepted);
        if (!accepted) {
            QVERIFY(request.error().wrongChoice);
            QVERIFY2(request.error().error.message.contains(QStringLiteral("--opt")), "the option is named");
            QVERIFY2(request.error().error.message.contains(QStringLiteral("\"%1\"").arg(text)), "the value is quoted");
        }
    }

    void firstProblemIsTheOneReported()
    {
        // A wrong option is named before a file is looked for, whatever comes after it.
        Builder builder({});
        builder.limit(Builder::Limit::TimeoutSeconds, QStringLiteral("timeout"), QStringLiteral("0"))
            .programFile(m_dir.filePath(QStringLiteral("absent.py")), {}, m_languages);
        const auto request = builder.build();
        QVERIFY(!request);
        QVERIFY(request.error().wrongChoice);
        QVERIFY(request.error().error.message.contains(QStringLiteral("--timeout")));
    }

    void dockerFallback_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<bool>("fallbackOn");
        QTest::addColumn<QString>("asked"); // empty: the settings' backend
        QTest::addColumn<QString>("image"); // empty: none named
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("fallback");
        const QString docker = kDockerBackendId;
        const QString local = kLocalBackendId;
        QTest::newRow("docker by settings, fallback on") << docker << true << QString() << QString() << docker << local;
        QTest::newRow("docker by settings, fallback off")
            << docker << false << QString() << QString() << docker << QString();
        QTest::newRow("docker asked for") << docker << true << docker << QString() << docker << QString();
        QTest::newRow("docker asked over local")
            << local << true << QStringLiteral(" Docker ") << QString() << docker << QString();
        QTest::newRow("image named") << docker << true << QString() << QStringLiteral("python:3.12") << docker
                                     << QString();
        QTest::newRow("local by settings") << local << true << QString() << QString() << local << QString();
        QTest::newRow("local asked over docker") << docker << true << local << QString() << local << QString();
    }
    void dockerFallback()
    {
        QFETCH(QString, setting);
        QFETCH(bool, fallbackOn);
        QFETCH(QString, asked);
        QFETCH(QString, image);
        QFETCH(QString, backend);
        QFETCH(QString, fallback);
        EngineSettings settings;
        settings.backend = setting;
        settings.dockerFallback = fallbackOn;
        Builder builder = withProgram(settings);
        if (!asked.isEmpty())
            builder.backend(asked, Builder::Chosen::ByCaller);
        if (!image.isEmpty())
            builder.image(image);
        const auto request = builder.build();
        QVERIFY(request);
        QCOMPARE(request->backend, backend);
        QCOMPARE(request->fallbackBackend, fallback);
        QCOMPARE(request->image, image);
    }

    void settingsChoiceMadeLaterMayStillFallBack()
    {
        // The window's backend menu changes the setting for the next runs: still the settings'.
        EngineSettings settings;
        const auto request = withProgram(settings).backend(kDockerBackendId, Builder::Chosen::BySettings).build();
        QVERIFY(request);
        QCOMPARE(request->fallbackBackend, QString(kLocalBackendId));
    }

    void unknownBackendIsTheCallersMistake()
    {
        const auto request = withProgram().backend(QStringLiteral("podman"), Builder::Chosen::ByCaller).build();
        QVERIFY(!request);
        QVERIFY(request.error().wrongChoice);
        QVERIFY(request.error().error.message.contains(QStringLiteral("\"podman\"")));
    }

    void allowWeaker()
    {
        EngineSettings settings;
        settings.allowWeaker = IsolationReport::Level::Partial;
        QCOMPARE(withProgram(settings).build()->weakestIsolation, IsolationReport::Level::Partial);
        QCOMPARE(withProgram(settings).allowWeaker(QStringLiteral("NONE")).build()->weakestIsolation,
                 IsolationReport::Level::None);
        QCOMPARE(withProgram(settings).allowWeaker(QStringLiteral("never")).build()->weakestIsolation,
                 IsolationReport::Level::Full);
        const auto wrong = withProgram(settings).allowWeaker(QStringLiteral("sometimes")).build();
        QVERIFY(!wrong);
        QVERIFY(wrong.error().wrongChoice);
        QVERIFY(wrong.error().error.message.contains(QStringLiteral("\"sometimes\"")));
    }

    // -- issue 22: the hosts a run may reach --
    void networkComesFromTheSettingsUnlessTheCallerGivesIt()
    {
        EngineSettings settings;
        QVERIFY(withProgram(settings).build()->network.isEmpty()); // the default: no network
        settings.network = {AllowedDestination{QStringLiteral("pypi.org"), 443}};
        QCOMPARE(withProgram(settings).build()->network, settings.network);
        const auto request = withProgram(settings)
                                 .allowNetwork({QStringLiteral("Example.ORG:80"), QStringLiteral("[::1]:8080, *.a.b:443")},
                                               QStringLiteral("--allow-net"))
                                 .build();
        QVERIFY(request);
        QCOMPARE(allowListText(request->network),
                 (QStringList{QStringLiteral("example.org:80"), QStringLiteral("[::1]:8080"), QStringLiteral("*.a.b:443")}));
        QCOMPARE(withProgram(settings).allowNetwork({}, QStringLiteral("--allow-net")).build()->network,
                 settings.network);
    }

    void badNetworkEntryIsTheCallersMistake()
    {
        const auto wrong = withProgram().allowNetwork({QStringLiteral("pypi.org")}, QStringLiteral("--allow-net")).build();
        QVERIFY(!wrong);
        QVERIFY(wrong.error().wrongChoice);
        QVERIFY2(wrong.error().error.message.startsWith(
                     QStringLiteral("--allow-net: The allowed network destination \"pypi.org\" has no port")),
                 qPrintable(wrong.error().error.message));
    }

    void attachmentsBecomeAbsolutePaths()
    {
        const QString file = write(QStringLiteral("data/table.csv"), "x,y\n");
        const QString relative = QDir::current().relativeFilePath(file);
        const QString folder = m_dir.filePath(QStringLiteral("data"));
        const auto request = withProgram().attach(QStringList{relative, folder}).build();
        QVERIFY(request);
        QCOMPARE(request->inputFiles.size(), 2);
        QCOMPARE(request->inputFiles.at(0).hostPath, file);
        QCOMPARE(request->inputFiles.at(0).name, QString());
        QCOMPARE(request->inputFiles.at(1).hostPath, folder);
    }

    void missingAttachmentCannotRun()
    {
        const QString path = m_dir.filePath(QStringLiteral("gone.csv"));
        const auto request = withProgram().attach(QStringList{path}).build();
        QVERIFY(!request);
        QVERIFY(!request.error().wrongChoice);
        QCOMPARE(request.error().error.code, RunError::Code::MissingInputFile);
        QVERIFY(request.error().error.message.contains(path));
    }

    void workspace()
    {
        QCOMPARE(withProgram().build()->keptWorkspace, QString()); // a fresh one each run
        const QString folder = m_dir.filePath(QStringLiteral("kept"));
        const auto request = withProgram().workspace(QDir::current().relativeFilePath(folder)).build();
        QVERIFY(request);
        QCOMPARE(request->keptWorkspace, folder);
    }

    void stdinSources()
    {
        const auto none = withProgram().build();
        QVERIFY(!none->keepStdinOpen);
        QCOMPARE(none->stdinData, QByteArray());
        QVERIFY(withProgram().stdinOpen().build()->keepStdinOpen);

        const auto data = withProgram().stdinOpen().stdinData("3\n").build();
        QVERIFY(!data->keepStdinOpen); // the whole input, then end of file
        QCOMPARE(data->stdinData, QByteArray("3\n"));

        const auto file = withProgram().stdinFile(write(QStringLiteral("input.txt"), "ABC\nDEF\n")).build();
        QVERIFY(file);
        QCOMPARE(file->stdinData, QByteArray("ABC\nDEF\n"));

        const QString absent = m_dir.filePath(QStringLiteral("no-input.txt"));
        const auto missing = withProgram().stdinFile(absent).build();
        QVERIFY(!missing);
        QVERIFY(!missing.error().wrongChoice);
        QVERIFY(missing.error().error.message.contains(absent));
    }

    void editorProgram()
    {
        const Language *python = m_languages.find(QStringLiteral("python"));
        const auto untitled = Builder({}).editorProgram(python, {}, QStringLiteral("print('é')\n")).build();
        QVERIFY(untitled);
        QCOMPARE(untitled->entryFile, QStringLiteral("main.py"));
        QCOMPARE(untitled->sources.first().content, QStringLiteral("print('é')\n").toUtf8());
        QVERIFY(untitled->keepOutputInResult);
        Builder streamed({});
        streamed.editorProgram(python, {}, QStringLiteral("x")).outputStreamedOnly();
        QVERIFY(!streamed.build()->keepOutputInResult);

        const QString fizz = QStringLiteral("/home/u/fizz.py");
        const auto named = Builder({}).editorProgram(python, fizz, QStringLiteral("1")).build();
        QCOMPARE(named->entryFile, QStringLiteral("fizz.py"));

        const auto empty = Builder({}).editorProgram(python, {}, QStringLiteral(" \n\t")).build();
        QVERIFY(!empty);
        QCOMPARE(empty.error().error.code, RunError::Code::BadRequest);
        QCOMPARE(empty.error().error.message, QStringLiteral("Nothing to run: the editor is empty."));

        const QString notes = QStringLiteral("/tmp/notes.xyz");
        const auto unknown = Builder({}).editorProgram(nullptr, notes, QStringLiteral("x")).build();
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().error.code, RunError::Code::UnknownLanguage);
        QVERIFY(unknown.error().error.message.contains(QStringLiteral("notes.xyz")));
    }

    // Open REPL: the language's REPL alone, on a terminal of the window's size, input open, the
    // settings' limits. Run in REPL: the editor's file runs in it first.
    void replRequests()
    {
        EngineSettings settings;
        settings.limits.memoryBytes = 300LL << 20;
        const Language *python = m_languages.find(QStringLiteral("python"));
        const auto open = Builder(settings).repl(python, {120, 40}).build();
        QVERIFY(open);
        QCOMPARE(open->language, QStringLiteral("python"));
        QCOMPARE(open->command, (QStringList{QStringLiteral("python3"), QStringLiteral("-i"), QStringLiteral("-q")}));
        QVERIFY(open->sources.isEmpty());
        QCOMPARE(open->terminal, (TerminalSize{120, 40}));
        QVERIFY(open->keepStdinOpen);
        QCOMPARE(open->limits.memoryBytes, 300LL << 20);

        const auto withFile = Builder(settings)
                                  .repl(python, {80, 24}, QStringLiteral("/home/u/fizz.py"), QStringLiteral("x = 1\n"))
                                  .build();
        QVERIFY(withFile);
        QCOMPARE(withFile->entryFile, QStringLiteral("fizz.py"));
        QCOMPARE(withFile->sources.first().content, QByteArray("x = 1\n"));
        QCOMPARE(withFile->command.last(), QStringLiteral("fizz.py"));

        const auto emptyEditor = Builder(settings).repl(python, {80, 24}, {}, QStringLiteral(" \n")).build();
        QVERIFY(!emptyEditor);
        QCOMPARE(emptyEditor.error().error.message, QStringLiteral("Nothing to run: the editor is empty."));

        const auto noRepl = Builder(settings).repl(m_languages.find(QStringLiteral("c")), {80, 24}).build();
        QVERIFY(!noRepl);
        QVERIFY(noRepl.error().wrongChoice);
        QCOMPARE(noRepl.error().error.message,
                 QStringLiteral("C has no interactive shell (REPL) in Sandpit; use Run instead."));
    }
};

QTEST_GUILESS_MAIN(TestRunRequestBuilder)
#include "tst_runrequestbuilder.moc"
