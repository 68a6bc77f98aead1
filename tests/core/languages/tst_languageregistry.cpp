// The language definitions: what the editor offers, which file runs as what, and the messages
// for a broken languages file.
#include "engine/languagesteps.h"
#include "languages/languageregistry.h"
#include "support/expectedmessage.h"
#include "support/testfiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestLanguageRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtInLanguages()
    {
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        for (const char *id : {"python", "bash", "javascript", "c", "cpp", "java", "rust"}) {
            const Language *language = registry.find(QString::fromLatin1(id));
            QVERIFY2(language, id);
            QCOMPARE(language->id, QString::fromLatin1(id));
            QVERIFY2(!language->name.isEmpty(), id);
            QVERIFY2(!language->extensions.isEmpty(), id);
        }
        QVERIFY(!registry.find(QStringLiteral("cobol")));
        const Language *python = registry.find(QStringLiteral("python"));
        QVERIFY(python->canRun());
        QVERIFY(!python->isCompiled());
        QVERIFY(python->run.toolchain.contains(QStringLiteral("python3")));
        QVERIFY(python->run.command.contains(QStringLiteral("{entry}")));
        QCOMPARE(python->defaultFileName, QStringLiteral("main.py"));
        for (const char *id : {"c", "cpp", "java", "rust"}) {
            const Language *compiled = registry.find(QString::fromLatin1(id));
            QVERIFY2(compiled->isCompiled() && compiled->canRun(), id);
            QVERIFY2(!compiled->compile->toolchain.isEmpty(), id);
            QVERIFY2(!compiled->installHint.isEmpty(), id);
            QVERIFY2(!compiled->diagnosticFormats.isEmpty(), id);
        }
        // javac insists that a public class Main lives in Main.java.
        QCOMPARE(registry.find(QStringLiteral("java"))->defaultFileName, QStringLiteral("Main.java"));
        // The editor's Toggle Comment writes each language's own line comment.
        for (const char *id : {"python", "bash"})
            QCOMPARE(registry.find(QString::fromLatin1(id))->lineComment, QStringLiteral("#"));
        for (const char *id : {"javascript", "c", "cpp", "java", "rust"})
            QCOMPARE(registry.find(QString::fromLatin1(id))->lineComment, QStringLiteral("//"));
        QCOMPARE(python->indentWidth, 4);
    }

    void languageFromFileName_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("id");
        QTest::newRow("x.PY") << QStringLiteral("x.PY") << QStringLiteral("python");
        QTest::newRow("path/main.py") << QStringLiteral("/home/me/code/main.py") << QStringLiteral("python");
        QTest::newRow("script.sh") << QStringLiteral("script.sh") << QStringLiteral("bash");
        QTest::newRow("app.mjs") << QStringLiteral("app.mjs") << QStringLiteral("javascript");
        QTest::newRow("hello.c") << QStringLiteral("hello.c") << QStringLiteral("c");
        QTest::newRow("hello.cpp") << QStringLiteral("hello.cpp") << QStringLiteral("cpp");
        QTest::newRow("Main.java") << QStringLiteral("Main.java") << QStringLiteral("java");
        QTest::newRow("main.rs") << QStringLiteral("main.rs") << QStringLiteral("rust");
        QTest::newRow("archive.tar.py") << QStringLiteral("archive.tar.py") << QStringLiteral("python");
    }

    void languageFromFileName()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, id);
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const Language *language = registry.forFileName(fileName);
        QVERIFY(language);
        QCOMPARE(language->id, id);
    }

    void unknownFileNames_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::newRow("Makefile") << QStringLiteral("Makefile");
        QTest::newRow("a.unknown") << QStringLiteral("a.unknown");
        QTest::newRow("empty") << QString();
        QTest::newRow("dot only") << QStringLiteral("notes.");
        QTest::newRow("py in the middle") << QStringLiteral("x.py.bak");
    }

    void unknownFileNames()
    {
        QFETCH(QString, fileName);
        QCOMPARE(LanguageRegistry::builtIn().forFileName(fileName), nullptr);
    }

    void parsesAFullDefinition()
    {
        const auto registry = LanguageRegistry::fromJson(R"({"languages": [{
            "id": "ruby", "name": "Ruby", "extensions": ["RB"], "lexer": "ruby", "install": "sudo apt install ruby",
            "run": {"toolchain": ["ruby3", "ruby"], "command": ["{toolchain}", "{entry}"],
                    "limits": {"memory_mb": 512, "timeout_sec": 2.5}},
            "env": {"RUBYOPT": "-W0"}, "docker_image": "ruby:3", "template": "puts 1",
            "default_file": "app.rb", "diagnostics": ["gcc"]}]})");
        QVERIFY2(registry, why(registry).constData());
        QCOMPARE(registry->languages().size(), 1);
        const Language &ruby = registry->languages().first();
        QCOMPARE(ruby.name, QStringLiteral("Ruby"));
        QCOMPARE(ruby.extensions, QStringList{QStringLiteral("rb")});
        QCOMPARE(ruby.run.toolchain, (QStringList{QStringLiteral("ruby3"), QStringLiteral("ruby")}));
        QCOMPARE(ruby.installHint, QStringLiteral("sudo apt install ruby"));
        QCOMPARE(ruby.environment.value(QStringLiteral("RUBYOPT")), QStringLiteral("-W0"));
        QCOMPARE(ruby.dockerImage, QStringLiteral("ruby:3"));
        QCOMPARE(ruby.templateCode, QStringLiteral("puts 1"));
        QCOMPARE(ruby.defaultFileName, QStringLiteral("app.rb"));
        QCOMPARE(ruby.diagnosticFormats, QStringList{QStringLiteral("gcc")});
        QCOMPARE(ruby.run.limits.memoryBytes, 512LL * 1024 * 1024);
        QCOMPARE(ruby.run.limits.wallTimeMs, 2500);
        QCOMPARE(ruby.run.limits.processes, std::nullopt);
        QVERIFY(ruby.canRun());
        QVERIFY(!ruby.isCompiled());
        QCOMPARE(registry->forFileName(QStringLiteral("x.rb")), &ruby);
    }

    void parsesACompileStep()
    {
        const auto registry = LanguageRegistry::fromJson(R"({"languages": [{
            "id": "fortran", "extensions": ["f90"],
            "compile": {"toolchain": ["gfortran"], "command": ["{toolchain}", "-o", "{binary}", "{entry}"],
                        "limits": {"timeout_sec": 60, "memory_mb": 1024, "output_kb": 64, "processes": 16,
                                   "file_size_mb": 32, "open_files": 64, "cpu_sec": 50}},
            "run": {"command": ["{binary}"]}}]})");
        QVERIFY2(registry, why(registry).constData());
        const Language &fortran = registry->languages().first();
        QVERIFY(fortran.isCompiled());
        QVERIFY(fortran.run.toolchain.isEmpty());
        const Limits limits = fortran.compile->limits.appliedTo(defaultCompileLimits());
        QCOMPARE(limits.wallTimeMs, 60000);
        QCOMPARE(limits.cpuTimeMs, 50000);
        QCOMPARE(limits.memoryBytes, 1024LL * 1024 * 1024);
        QCOMPARE(limits.outputBytes, 64 * 1024);
        QCOMPARE(limits.processes, 16);
        QCOMPARE(limits.fileSizeBytes, 32LL * 1024 * 1024);
        QCOMPARE(limits.openFiles, 64);
        QCOMPARE(fortran.defaultFileName, QStringLiteral("main.f90"));
        // Without limits of its own the compile step gets the defaults, not the run's settings.
        QCOMPARE(LimitOverrides{}.appliedTo(defaultCompileLimits()), defaultCompileLimits());
    }

    void badDefinitionsNameTheLanguageAndKey_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown key") << QByteArray(R"({"languages": [{"id": "go", "complie": {}}]})")
                                     << QStringLiteral("unknown key \"complie\"");
        QTest::newRow("unknown limit") << QByteArray(
            R"({"languages": [{"id": "go", "run": {"command": ["x"], "limits": {"memory": 5}}}]})")
                                       << QStringLiteral("\"run.limits.memory\"");
        QTest::newRow("negative limit") << QByteArray(
            R"({"languages": [{"id": "go", "run": {"command": ["x"], "limits": {"timeout_sec": -1}}}]})")
                                        << QStringLiteral("\"run.limits.timeout_sec\"");
        QTest::newRow("string limit") << QByteArray(
            R"({"languages": [{"id": "go", "run": {"command": ["x"], "limits": {"memory_mb": "9"}}}]})")
                                      << QStringLiteral("\"run.limits.memory_mb\"");
        QTest::newRow("extensions not a list")
            << QByteArray(R"({"languages": [{"id": "go", "extensions": "go"}]})") << QStringLiteral("\"extensions\"");
        QTest::newRow("command not strings")
            << QByteArray(R"({"languages": [{"id": "go", "run": {"command": ["go", 1]}}]})")
            << QStringLiteral("\"run.command\"");
        QTest::newRow("step without command")
            << QByteArray(R"({"languages": [{"id": "go", "run": {"toolchain": ["go"]}}]})")
            << QStringLiteral("without a \"command\"");
        QTest::newRow("toolchain placeholder without candidates")
            << QByteArray(R"({"languages": [{"id": "go", "run": {"command": ["{toolchain}", "run"]}}]})")
            << QStringLiteral("\"run.toolchain\"");
        QTest::newRow("binary without compile")
            << QByteArray(R"({"languages": [{"id": "go", "run": {"command": ["{binary}"]}}]})")
            << QStringLiteral("no \"compile\" step");
        QTest::newRow("compile without run") << QByteArray(
            R"({"languages": [{"id": "go", "compile": {"toolchain": ["go"], "command": ["{toolchain}"]}}]})")
                                             << QStringLiteral("no \"run\" step");
        QTest::newRow("unknown support file")
            << QByteArray(R"({"languages": [{"id": "go", "support": ["nope.c"]}]})") << QStringLiteral("\"nope.c\"");
        QTest::newRow("env not strings") << QByteArray(R"({"languages": [{"id": "go", "env": {"A": 1}}]})")
                                         << QStringLiteral("\"env.A\"");
        QTest::newRow("unknown diagnostics")
            << QByteArray(R"({"languages": [{"id": "go", "diagnostics": ["gofmt"]}]})") << QStringLiteral("\"gofmt\"");
        QTest::newRow("indent width not a whole number")
            << QByteArray(R"({"languages": [{"id": "go", "indent_width": 2.5}]})")
            << QStringLiteral("\"indent_width\"");
        QTest::newRow("indent width zero")
            << QByteArray(R"({"languages": [{"id": "go", "indent_width": 0}]})") << QStringLiteral("\"indent_width\"");
        // Not a raw string: moc then finds no class in this file (it takes the "#" for a directive).
        QTest::newRow("line comment with a space")
            << QByteArray("{\"languages\": [{\"id\": \"go\", \"line_comment\": \"# \"}]}")
            << QStringLiteral("\"line_comment\"");
        QTest::newRow("repl not an object")
            << QByteArray(R"({"languages": [{"id": "go", "repl": ["gore"]}]})") << QStringLiteral("\"repl\"");
        QTest::newRow("repl unknown key") << QByteArray(
            R"({"languages": [{"id": "go", "repl": {"command": ["gore"], "with_file": ["gore", "{entry}"], "file": []}}]})")
                                          << QStringLiteral("\"repl.file\"");
        QTest::newRow("repl without command")
            << QByteArray(R"({"languages": [{"id": "go", "repl": {"with_file": ["gore", "{entry}"]}}]})")
            << QStringLiteral("\"repl.command\"");
        QTest::newRow("repl command with a placeholder") << QByteArray(
            R"({"languages": [{"id": "go", "repl": {"command": ["{toolchain}"], "with_file": ["gore", "{entry}"]}}]})")
                                                         << QStringLiteral("\"repl.command\"");
        QTest::newRow("repl with_file without entry")
            << QByteArray(R"({"languages": [{"id": "go", "repl": {"command": ["gore"], "with_file": ["gore"]}}]})")
            << QStringLiteral("\"repl.with_file\"");
        QTest::newRow("repl with_file another placeholder") << QByteArray(
            R"({"languages": [{"id": "go", "repl": {"command": ["gore"], "with_file": ["gore", "{build}/{entry}"]}}]})")
                                                            << QStringLiteral("\"repl.with_file\"");
        QTest::newRow("twice") << QByteArray(R"({"languages": [{"id": "go"}, {"id": "go"}]})")
                               << QStringLiteral("defined twice");
    }

    void badDefinitionsNameTheLanguageAndKey()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const auto registry = LanguageRegistry::fromJson(json);
        QVERIFY(!registry);
        QVERIFY2(registry.error().contains(expected), qPrintable(registry.error()));
        QVERIFY2(registry.error().contains(QStringLiteral("\"go\"")), qPrintable(registry.error()));
    }

    // Open REPL and Run in REPL: Python, Node and Bash have one; a compiled language has none.
    void replsOfTheBuiltInLanguages()
    {
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const LanguageRepl &python = *registry.find(QStringLiteral("python"))->repl;
        QCOMPARE(replCommand(python, {}), (QStringList{"python3", "-i", "-q"}));
        QCOMPARE(replCommand(python, QStringLiteral("main.py")), (QStringList{"python3", "-i", "-q", "main.py"}));
        QCOMPARE(replCommand(*registry.find(QStringLiteral("bash"))->repl, QStringLiteral("s.sh")),
                 (QStringList{"bash", "--rcfile", "s.sh", "-i"}));
        const QStringList node
            = replCommand(*registry.find(QStringLiteral("javascript"))->repl, QStringLiteral("m.js"));
        QCOMPARE(node.mid(0, 3), (QStringList{"node", "-i", "-e"}));
        QVERIFY2(node.at(3).contains(QLatin1String("readFileSync('m.js'")), qPrintable(node.at(3)));
        for (const char *id : {"c", "cpp", "java", "rust"})
            QVERIFY2(!registry.find(QString::fromLatin1(id))->repl, id);
    }

    void nameDefaultsToId()
    {
        const auto registry = LanguageRegistry::fromJson(R"({"languages": [{"id": "lua"}]})");
        QVERIFY2(registry, why(registry).constData());
        QCOMPARE(registry->languages().first().name, QStringLiteral("lua"));
        QVERIFY(!registry->languages().first().canRun());
    }

    void malformedJsonGivesTheOffset()
    {
        const QByteArray json = R"({"languages": [ {"id": "python",, } ]})";
        const auto registry = LanguageRegistry::fromJson(json);
        QVERIFY(!registry);
        QVERIFY2(registry.error().contains(QStringLiteral("not valid JSON")), qPrintable(registry.error()));
        // The offset points at the stray comma (give or take the parser's look-ahead).
        static const QRegularExpression offsetPattern(QStringLiteral("offset (\\d+)"));
        const auto match = offsetPattern.match(registry.error());
        QVERIFY2(match.hasMatch(), qPrintable(registry.error()));
        const int offset = match.captured(1).toInt();
        QVERIFY2(offset >= json.indexOf(",,") && offset <= json.indexOf(",,") + 3, qPrintable(registry.error()));
    }

    void missingLanguagesArray_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty object") << QByteArray("{}");
        QTest::newRow("wrong key") << QByteArray(R"({"langs": []})");
        QTest::newRow("not an array") << QByteArray(R"({"languages": {"id": "python"}})");
        QTest::newRow("top-level array") << QByteArray(R"([{"id": "python"}])");
    }

    void missingLanguagesArray()
    {
        QFETCH(QByteArray, json);
        const auto registry = LanguageRegistry::fromJson(json);
        QVERIFY(!registry);
        QVERIFY2(registry.error().contains(QStringLiteral("\"languages\"")), qPrintable(registry.error()));
    }

    void languageWithoutIdNamesItsPosition()
    {
        const auto registry = LanguageRegistry::fromJson(R"({"languages": [{"id": "a"}, {"name": "Nameless"}]})");
        QVERIFY(!registry);
        QVERIFY2(registry.error().contains(QStringLiteral("language 2")), qPrintable(registry.error()));
        QVERIFY2(registry.error().contains(QStringLiteral("\"id\"")), qPrintable(registry.error()));
    }

    void findsPython3InTheDefaultSearchPath()
    {
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const Language *python = registry.find(QStringLiteral("python"));
        const auto toolchain = findToolchain(python->run.toolchain, defaultToolchainSearchPath());
        QVERIFY(toolchain);
        QVERIFY2(toolchain->endsWith(QStringLiteral("/python3")), qPrintable(*toolchain));
        QVERIFY(QFileInfo(*toolchain).isAbsolute());
        QVERIFY(QFileInfo(*toolchain).isExecutable());
        QVERIFY(!defaultToolchainSearchPath().contains(QDir::homePath() + QStringLiteral("/.local/bin")));
    }

    void findsNothingInAnEmptyFolder()
    {
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const Language *python = registry.find(QStringLiteral("python"));
        QCOMPARE(findToolchain(python->run.toolchain, {empty.path()}), std::nullopt);
    }

    void skipsFilesThatAreNotExecutable()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString plain = dir.filePath(QStringLiteral("python3"));
        QVERIFY(writeFile(plain, "not a program"));
        QVERIFY(QFile::setPermissions(plain, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("node"))); // a folder is not a toolchain either
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        QCOMPARE(findToolchain(registry.find(QStringLiteral("python"))->run.toolchain, {dir.path()}), std::nullopt);
        QCOMPARE(findToolchain(registry.find(QStringLiteral("javascript"))->run.toolchain, {dir.path()}), std::nullopt);

        QVERIFY(QFile::setPermissions(plain, QFile::permissions(plain) | QFileDevice::ExeOwner));
        QCOMPARE(findToolchain(registry.find(QStringLiteral("python"))->run.toolchain, {dir.path()}), plain);
    }

    void missingToolchainNamesItAndHowToInstall()
    {
        const auto registry = LanguageRegistry::fromJson(R"({"languages": [{
            "id": "c", "name": "C", "install": "sudo apt install gcc",
            "compile": {"toolchain": ["no-such-cc-1", "no-such-cc-2"], "command": ["{toolchain}", "{entry}"]},
            "run": {"command": ["{binary}"]}}]})");
        QVERIFY2(registry, why(registry).constData());
        const auto toolchains = findToolchains(registry->languages().first(), defaultToolchainSearchPath());
        QVERIFY(!toolchains);
        QCOMPARE(toolchains.error().code, RunError::Code::MissingToolchain);
        const QString message = toolchains.error().message;
        QVERIFY2(message.contains(QStringLiteral("no-such-cc-1 or no-such-cc-2")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("/usr/bin")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("sudo apt install gcc")), qPrintable(message));
    }

    void bothStepsToolchainsAreFound()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const char *name : {"javac", "java"}) {
            QFile tool(dir.filePath(QString::fromLatin1(name)));
            QVERIFY(tool.open(QIODevice::WriteOnly));
            QVERIFY(tool.setPermissions(tool.permissions() | QFileDevice::ExeOwner));
        }
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const auto found = findToolchains(*registry.find(QStringLiteral("java")), {dir.path()});
        QVERIFY(found);
        QCOMPARE(found->compile, dir.filePath(QStringLiteral("javac")));
        QCOMPARE(found->run, dir.filePath(QStringLiteral("java")));
        QFile::remove(dir.filePath(QStringLiteral("java"))); // a JDK with its compiler but no VM
        QVERIFY(!findToolchains(*registry.find(QStringLiteral("java")), {dir.path()}));
    }

    void stepCommandFillsThePlaceholders()
    {
        LanguageStep step;
        step.command = {QStringLiteral("{toolchain}"), QStringLiteral("-Xmx{memory_mb}m"),
                        QStringLiteral("-d"),          QStringLiteral("{build}"),
                        QStringLiteral("-o"),          QStringLiteral("{binary}"),
                        QStringLiteral("{entry}"),     QStringLiteral("{entry_stem}")};
        const QStringList command
            = stepCommand(step, {QStringLiteral("/usr/bin/cc"), QStringLiteral("Main.java"), 256LL * 1024 * 1024, {}});
        QCOMPARE(command,
                 (QStringList{QStringLiteral("/usr/bin/cc"), QStringLiteral("-Xmx256m"), QStringLiteral("-d"),
                              QStringLiteral(".sandpit"), QStringLiteral("-o"), QStringLiteral("./.sandpit/Main"),
                              QStringLiteral("Main.java"), QStringLiteral("Main")}));
    }

    void compileLinksTheOtherSourcesOfTheEntrysKind()
    {
        // A harness: the driver is the entry, the learner's file beside it; a header and the
        // language's support file in the build folder are not compiled a second time.
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const Language &c = *registry.find(QStringLiteral("c"));
        RunRequest request;
        request.entryFile = QStringLiteral("driver.c");
        request.sources = {{QStringLiteral("driver.c"), "int main(void) { return 0; }"},
                           {QStringLiteral("add.c"), "long add(long a, long b) { return a + b; }"},
                           {QStringLiteral("add.h"), "long add(long a, long b);"}};
        const QStringList harness = compileCommand(c, QStringLiteral("/usr/bin/gcc"), compileStepRequest(c, request));
        const qsizetype entry = harness.indexOf(QStringLiteral("driver.c"));
        QVERIFY(entry > 0);
        QCOMPARE(harness.mid(entry, 3),
                 (QStringList{QStringLiteral("driver.c"), QStringLiteral("add.c"),
                              QStringLiteral(".sandpit/linebuffered_stdio.c")}));
        QVERIFY(!harness.contains(QStringLiteral("add.h")));
        QVERIFY(!harness.contains(QStringLiteral("{other_sources}")));

        // One file: the command a normal run always had.
        request.sources = {request.sources.first()};
        const QStringList single = compileCommand(c, QStringLiteral("/usr/bin/gcc"), compileStepRequest(c, request));
        QCOMPARE(single.mid(single.indexOf(QStringLiteral("driver.c")) - 2),
                 (QStringList{QStringLiteral("-o"), QStringLiteral("./.sandpit/driver"), QStringLiteral("driver.c"),
                              QStringLiteral(".sandpit/linebuffered_stdio.c"), QStringLiteral("-lm")}));
    }

    void overlayChangesOneKeyAndAddsLanguages()
    {
        const QByteArray base = R"({"languages": [
            {"id": "c", "name": "C", "extensions": ["c"], "docker_image": "gcc:14",
             "compile": {"toolchain": ["gcc"], "command": ["{toolchain}", "-o", "{binary}", "{entry}"],
                         "limits": {"memory_mb": 512}},
             "run": {"command": ["{binary}"]}},
            {"id": "python", "name": "Python", "extensions": ["py"]}]})";
        const QByteArray overlay = R"({"languages": [
            {"id": "c", "docker_image": "my/gcc", "compile": {"limits": {"timeout_sec": 60}}},
            {"id": "lua", "name": "Lua", "extensions": ["lua"]}]})";
        const auto registry = LanguageRegistry::fromJson(base, overlay);
        QVERIFY2(registry, why(registry).constData());
        QCOMPARE(registry->languages().size(), 3);
        const Language *c = registry->find(QStringLiteral("c"));
        QCOMPARE(c->dockerImage, QStringLiteral("my/gcc"));
        QCOMPARE(c->name, QStringLiteral("C"));
        QCOMPARE(c->compile->command.size(), 4);                       // kept
        QCOMPARE(c->compile->limits.memoryBytes, 512LL * 1024 * 1024); // kept
        QCOMPARE(c->compile->limits.wallTimeMs, 60000);                // added
        QCOMPARE(registry->find(QStringLiteral("lua"))->name, QStringLiteral("Lua"));
        QCOMPARE(registry->languages().last().id, QStringLiteral("lua"));
    }

    void userFileOverridesTheBuiltIns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("languages.json"));
        QVERIFY(writeFile(path, R"({"languages": [
            {"id": "python", "run": {"limits": {"memory_mb": 64}}},
            {"id": "c", "compile": {"toolchain": ["no-such-compiler"]}},
            {"id": "ocaml", "name": "OCaml", "extensions": ["ml"], "run": {"toolchain": ["ocaml"], "command": ["{toolchain}", "{entry}"]}}]})"));
        const auto loaded = LanguageRegistry::withUserFile(path);
        QVERIFY2(loaded.problem.isEmpty(), qPrintable(loaded.problem));
        QCOMPARE(loaded.registry.find(QStringLiteral("python"))->run.limits.memoryBytes, 64LL * 1024 * 1024);
        QCOMPARE(loaded.registry.find(QStringLiteral("c"))->compile->toolchain,
                 QStringList{QStringLiteral("no-such-compiler")});
        QVERIFY(!findToolchains(*loaded.registry.find(QStringLiteral("c")), defaultToolchainSearchPath()));
        QCOMPARE(loaded.registry.forFileName(QStringLiteral("x.ml"))->id, QStringLiteral("ocaml"));
        QCOMPARE(loaded.registry.languages().size(), LanguageRegistry::builtIn().languages().size() + 1);
    }

    void malformedUserFileKeepsTheBuiltIns_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not JSON") << QByteArray(R"({"languages": [ {"id": "c",, } ]})")
                                  << QStringLiteral("not valid JSON");
        QTest::newRow("bad key") << QByteArray(R"({"languages": [{"id": "c", "compile": {"limits": {"timeout": 5}}}]})")
                                 << QStringLiteral("compile.limits.timeout");
        QTest::newRow("no languages") << QByteArray("{}") << QStringLiteral("\"languages\"");
    }

    void malformedUserFileKeepsTheBuiltIns()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("languages.json"));
        QVERIFY(writeFile(path, json));
        const auto loaded = LanguageRegistry::withUserFile(path);
        QVERIFY2(loaded.problem.contains(path), qPrintable(loaded.problem));
        QVERIFY2(loaded.problem.contains(expected), qPrintable(loaded.problem));
        QCOMPARE(loaded.registry.languages().size(), LanguageRegistry::builtIn().languages().size());
        QCOMPARE(loaded.registry.find(QStringLiteral("c"))->compile->toolchain,
                 LanguageRegistry::builtIn().find(QStringLiteral("c"))->compile->toolchain);
    }

    void missingUserFileIsNoProblem()
    {
        const auto loaded = LanguageRegistry::withUserFile(QStringLiteral("/nonexistent/sandpit/languages.json"));
        QVERIFY(loaded.problem.isEmpty());
        QCOMPARE(loaded.registry.languages().size(), LanguageRegistry::builtIn().languages().size());
    }

    void userFileLivesInTheConfigFolder()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("Sandpit"));
        QCoreApplication::setApplicationName(QStringLiteral("sandpit"));
        const QString path = LanguageRegistry::userFilePath();
        QVERIFY2(path.endsWith(QStringLiteral("/Sandpit/sandpit/languages.json")), qPrintable(path));
    }
};

QTEST_GUILESS_MAIN(TestLanguageRegistry)
#include "tst_languageregistry.moc"
