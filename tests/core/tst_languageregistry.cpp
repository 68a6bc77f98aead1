// The language definitions: what the editor offers, which file runs as what, and the messages
// for a broken languages file.
#include "languageregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {
// QVERIFY2 evaluates its message even when the check passes: never call error() unguarded.
template<typename T>
QByteArray why(const std::expected<T, QString> &e)
{
    return e ? QByteArray() : e.error().toUtf8();
}
} // namespace

class TestLanguageRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtInLanguages()
    {
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        for (const char *id : {"python", "bash", "javascript", "c", "cpp"}) {
            const Language *language = registry.find(QString::fromLatin1(id));
            QVERIFY2(language, id);
            QCOMPARE(language->id, QString::fromLatin1(id));
            QVERIFY2(!language->name.isEmpty(), id);
            QVERIFY2(!language->extensions.isEmpty(), id);
        }
        QVERIFY(!registry.find(QStringLiteral("cobol")));
        const Language *python = registry.find(QStringLiteral("python"));
        QVERIFY(python->canRun());
        QVERIFY(python->toolchainCandidates.contains(QStringLiteral("python3")));
        QVERIFY(python->runCommand.contains(QStringLiteral("{entry}")));
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
            "id": "ruby", "name": "Ruby", "extensions": ["RB"], "lexer": "ruby",
            "toolchain": {"candidates": ["ruby3", "ruby"], "install": "sudo apt install ruby"},
            "run": ["{toolchain}", "{entry}"], "env": {"RUBYOPT": "-W0"},
            "docker_image": "ruby:3", "template": "puts 1"}]})");
        QVERIFY2(registry, why(registry).constData());
        QCOMPARE(registry->languages().size(), 1);
        const Language &ruby = registry->languages().first();
        QCOMPARE(ruby.name, QStringLiteral("Ruby"));
        QCOMPARE(ruby.extensions, QStringList{QStringLiteral("rb")});
        QCOMPARE(ruby.toolchainCandidates, (QStringList{QStringLiteral("ruby3"), QStringLiteral("ruby")}));
        QCOMPARE(ruby.installHint, QStringLiteral("sudo apt install ruby"));
        QCOMPARE(ruby.environment.value(QStringLiteral("RUBYOPT")), QStringLiteral("-W0"));
        QCOMPARE(ruby.dockerImage, QStringLiteral("ruby:3"));
        QCOMPARE(ruby.templateCode, QStringLiteral("puts 1"));
        QVERIFY(ruby.canRun());
        QCOMPARE(registry->forFileName(QStringLiteral("x.rb")), &ruby);
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

    void runCommandWithoutToolchainIsAnError()
    {
        const auto registry = LanguageRegistry::fromJson(R"({"languages": [{"id": "go", "run": ["go", "run"]}]})");
        QVERIFY(!registry);
        QVERIFY2(registry.error().contains(QStringLiteral("\"go\"")), qPrintable(registry.error()));
    }

    void findsPython3InTheDefaultSearchPath()
    {
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        const Language *python = registry.find(QStringLiteral("python"));
        const auto toolchain = findToolchain(*python, defaultToolchainSearchPath());
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
        QCOMPARE(findToolchain(*python, {empty.path()}), std::nullopt);
    }

    void skipsFilesThatAreNotExecutable()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile plain(dir.filePath(QStringLiteral("python3")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.write("not a program");
        plain.close();
        QVERIFY(plain.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("node"))); // a folder is not a toolchain either
        const LanguageRegistry registry = LanguageRegistry::builtIn();
        QCOMPARE(findToolchain(*registry.find(QStringLiteral("python")), {dir.path()}), std::nullopt);
        QCOMPARE(findToolchain(*registry.find(QStringLiteral("javascript")), {dir.path()}), std::nullopt);

        QVERIFY(plain.setPermissions(plain.permissions() | QFileDevice::ExeOwner));
        QCOMPARE(findToolchain(*registry.find(QStringLiteral("python")), {dir.path()}), plain.fileName());
    }
};

QTEST_GUILESS_MAIN(TestLanguageRegistry)
#include "tst_languageregistry.moc"
