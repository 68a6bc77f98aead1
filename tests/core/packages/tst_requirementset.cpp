// What a program declares, read the standard ways and written one way: PEP 503 names, PEP 723
// blocks, requirements.txt, the hash that names the environment, an index's address and
// what its install may reach, and pip's failures as one sentence.
#include "languages/language.h"
#include "languages/languageregistry.h"
#include "packages/packageindex.h"
#include "packages/packageplan.h"
#include "packages/requirementset.h"
#include "packages/scriptmetadata.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

class TestRequirementSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void canonicalNames()
    {
        QCOMPARE(RequirementSet::canonicalName(QStringLiteral("Foo_Bar.baz")), QStringLiteral("foo-bar-baz"));
        QCOMPARE(RequirementSet::canonicalName(QStringLiteral("a__-.b")), QStringLiteral("a-b"));
        QCOMPARE(RequirementSet::nameOf(QStringLiteral("Requests[socks]>=2.0")), QStringLiteral("requests"));
    }

    void spellingsOfOneSetShareOneHash()
    {
        const auto a = RequirementSet::fromLines(
            {QStringLiteral("Requests >= 2"), QStringLiteral("numpy"), QStringLiteral("# a comment"), QString()},
            QStringLiteral("a"));
        const auto b = RequirementSet::fromLines(
            {QStringLiteral("NumPy"), QStringLiteral("requests>=2  # pinned"), QStringLiteral("numpy")},
            QStringLiteral("b"));
        QVERIFY(a && b);
        QCOMPARE(a->requirements, (QStringList{QStringLiteral("numpy"), QStringLiteral("requests>=2")}));
        QCOMPARE(b->requirements, a->requirements);
        QCOMPARE(b->hash(QStringLiteral("py3.11")), a->hash(QStringLiteral("py3.11")));
        QVERIFY(b->hash(QStringLiteral("py3.11")) != b->hash(QStringLiteral("py3.12")));
        const auto other = RequirementSet::fromLines({QStringLiteral("numpy")}, {});
        QVERIFY(other->hash(QStringLiteral("py3.11")) != a->hash(QStringLiteral("py3.11")));
    }

    void extrasAreSortedAndCanonical()
    {
        const auto set = RequirementSet::fromLines({QStringLiteral("Pkg[Zeta,alpha_x] ; python_version>'3'")}, {});
        QVERIFY(set);
        QCOMPARE(set->requirements, QStringList{QStringLiteral("pkg[alpha-x,zeta] ; python_version>'3'")});
    }

    void pipOptionsAreRefusedByName()
    {
        const auto set = RequirementSet::fromLines({QStringLiteral("--index-url https://example.org")},
                                                   QStringLiteral("requirements.txt"));
        QVERIFY(!set);
        QCOMPARE(set.error().code, RunError::Code::BadRequest);
        QVERIFY(set.error().message.contains(QStringLiteral("requirements.txt has the pip option \"--index-url")));
    }

    void scriptBlockIsRead()
    {
        const QByteArray source = "#!/usr/bin/env python3\n"
                                  "# /// script\n"
                                  "# requires-python = \">=3.11\"\n"
                                  "# dependencies = [\n"
                                  "#   \"requests<3\",\n"
                                  "#   'rich',\n"
                                  "# ]\n"
                                  "# ///\n"
                                  "import requests\n";
        const auto deps = scriptDependencies(source, QStringLiteral("main.py"));
        QVERIFY(deps && *deps);
        QCOMPARE(**deps, (QStringList{QStringLiteral("requests<3"), QStringLiteral("rich")}));
    }

    void noBlockIsNothing()
    {
        const auto deps = scriptDependencies("# /// other\n# x = 1\n# ///\nprint(1)\n", QStringLiteral("main.py"));
        QVERIFY(deps);
        QVERIFY(!*deps);
    }

    void badTomlNamesItsLine()
    {
        const auto deps
            = scriptDependencies("print(1)\n# /// script\n# dependencies = [\"a\"\n# ///\n", QStringLiteral("main.py"));
        QVERIFY(!deps);
        QVERIFY2(
            deps.error().message.startsWith(QStringLiteral("main.py, line 3: the script metadata is not valid TOML")),
            qPrintable(deps.error().message));
    }

    void dependenciesMustBeStrings()
    {
        const auto deps = scriptDependencies("# /// script\n# dependencies = [1]\n# ///\n", QStringLiteral("a.py"));
        QVERIFY(!deps);
        QVERIFY(deps.error().message.contains(QStringLiteral("not a string")));
    }

    void twoBlocksAreAnError()
    {
        const QByteArray block = "# /// script\n# dependencies = []\n# ///\n";
        const auto deps = scriptDependencies(block + "x = 1\n" + block, QStringLiteral("a.py"));
        QVERIFY(!deps);
        QVERIFY(deps.error().message.contains(QStringLiteral("two `# /// script` blocks (lines 1 and 5)")));
    }

    void scriptBlockWinsOverRequirementsTxt()
    {
        RunRequest request;
        request.entryFile = QStringLiteral("main.py");
        request.sources = {{request.entryFile, "# /// script\n# dependencies = [\"B\"]\n# ///\n"},
                           {QStringLiteral("requirements.txt"), "a\n"}};
        auto set = declaredRequirements(request);
        QVERIFY(set);
        QCOMPARE(set->requirements, QStringList{QStringLiteral("b")});
        request.sources.first().content = "print(1)\n";
        set = declaredRequirements(request);
        QVERIFY(set);
        QCOMPARE(set->requirements, QStringList{QStringLiteral("a")});
    }

    void requirementsTxtBesideTheProgramCounts()
    {
        QTemporaryDir folder;
        QFile file(folder.filePath(QStringLiteral("requirements.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("Beside_It==1.0\n");
        file.close();
        RunRequest request;
        request.entryFile = QStringLiteral("main.py");
        request.sources = {{request.entryFile, "print(1)\n"}};
        QVERIFY(declaredRequirements(request)->isEmpty());
        request.packages.programFolder = folder.path();
        const auto set = declaredRequirements(request);
        QVERIFY(set);
        QCOMPARE(set->requirements, QStringList{QStringLiteral("beside-it==1.0")});
    }

    void pipNotFoundBecomesOneSentence()
    {
        PackagePlan plan;
        plan.wheelhouse = QStringLiteral("/w");
        const QByteArray pip = "Looking in links: /w\n"
                               "ERROR: Could not find a version that satisfies the requirement Requests>=2 (from "
                               "versions: none)\nERROR: No matching distribution found for Requests>=2\n";
        QCOMPARE(plan.failureMessage(pip),
                 QStringLiteral("`requests` is not in the wheelhouse (/w). Put its wheel there, or run `pip download "
                                "requests -d /w` on a computer with internet."));
        QVERIFY(plan.failureMessage("ERROR: something else\n").isEmpty());
    }

    void anIndexIsReachedOnlyByTheInstallThroughItsProxy()
    {
        RunRequest request;
        request.language = QStringLiteral("python");
        request.entryFile = QStringLiteral("main.py");
        request.sources = {{request.entryFile, "# /// script\n# dependencies = [\"requests\"]\n# ///\n"}};
        request.network = {*parseAllowedDestination(QStringLiteral("example.org:80"))};
        const Language python = *LanguageRegistry::builtIn().find(QStringLiteral("python"));
        QTemporaryDir envs;
        const auto offline = PackagePlan::make(python, request, QStringLiteral("tag"), EnvCache(envs.path()));
        QVERIFY(offline && *offline);
        QVERIFY((*offline)->installNetwork.isEmpty());
        QVERIFY((*offline)->setupRequest(request).network.isEmpty());
        QVERIFY((*offline)->setupCommand(QStringLiteral("python3"), QStringLiteral("/w"), {}).join(' ').contains(
            QLatin1String("--no-index")));

        request.packages.index = QStringLiteral("https://pypi.org/simple");
        request.packages.indexHosts = {QStringLiteral("files.pythonhosted.org:443")};
        const auto online = PackagePlan::make(python, request, QStringLiteral("tag"), EnvCache(envs.path()));
        QVERIFY(online && *online);
        // Another source, another environment: unpinned names resolve to other files.
        QVERIFY((*online)->hash != (*offline)->hash);
        QCOMPARE(allowListText((*online)->setupRequest(request).network),
                 (QStringList{QStringLiteral("pypi.org:443"), QStringLiteral("files.pythonhosted.org:443")}));
        const QStringList command = (*online)->setupCommand(QStringLiteral("python3"), QStringLiteral("/w"), {});
        QVERIFY(!command.join(' ').contains(QLatin1String("--no-index")));
        QVERIFY(command.contains(QStringLiteral("https://pypi.org/simple")));
        QVERIFY(command.contains(QStringLiteral("http://127.0.0.1:3128")));
        // The script's $9 (element 12) is the host pip is told to trust: none for https.
        QCOMPARE(command.size(), 12);

        // pip drops a plain http index on any host but loopback unless it is named trusted.
        request.packages.index = QStringLiteral("http://devpi.school.lan:3141/simple");
        const auto school = PackagePlan::make(python, request, QStringLiteral("tag"), EnvCache(envs.path()));
        QVERIFY(school && *school);
        const QStringList schoolCommand = (*school)->setupCommand(QStringLiteral("python3"), QStringLiteral("/w"), {});
        QVERIFY(schoolCommand.value(2).contains(QLatin1String("--trusted-host \"$9\"")));
        QCOMPARE(schoolCommand.value(12), QStringLiteral("devpi.school.lan:3141"));
        request.packages.index = QStringLiteral("http://devpi.school.lan/simple");
        const auto defaultPort = PackagePlan::make(python, request, QStringLiteral("tag"), EnvCache(envs.path()));
        QCOMPARE((*defaultPort)->setupCommand(QStringLiteral("python3"), QStringLiteral("/w"), {}).value(12),
                 QStringLiteral("devpi.school.lan"));

        request.packages.index = QStringLiteral("http://[::1]/simple");
        request.packages.indexHosts.clear();
        const auto local = PackagePlan::make(python, request, QStringLiteral("tag"), EnvCache(envs.path()));
        QVERIFY(local && *local);
        QCOMPARE(allowListText((*local)->installNetwork), QStringList{QStringLiteral("[::1]:80")});
    }

    void aBadIndexOrFileHostIsASentence()
    {
        QCOMPARE(packageIndexDestination(QStringLiteral("pypi.org/simple")).error().message,
                 QStringLiteral("The package index \"pypi.org/simple\" is not an index's address: it must start with "
                                "https:// or http:// and name a host, as https://pypi.org/simple does."));
        QCOMPARE(packageIndexDestination(QStringLiteral("http://example.org:8080/simple"))->text(),
                 QStringLiteral("example.org:8080"));
        const auto hosts = packageInstallNetwork(QStringLiteral("https://pypi.org/simple"), {QStringLiteral("nope")});
        QVERIFY(!hosts);
        QCOMPARE(hosts.error().code, RunError::Code::BadRequest);
    }

    void anIndexFailureIsOneSentence()
    {
        PackagePlan plan;
        plan.wheelhouse = QStringLiteral("/w");
        plan.index = QStringLiteral("http://i/simple");
        const QByteArray missing = "ERROR: No matching distribution found for nothere\n";
        QCOMPARE(plan.failureMessage(missing),
                 QStringLiteral("`nothere` is in neither the wheelhouse (/w) nor the package index http://i/simple."));
        // A page the index does not have is not the index being down.
        QCOMPARE(plan.failureMessage("Could not fetch URL http://i/simple/nothere/: 404 Client Error: Not Found - "
                                     "skipping\n" + missing),
                 plan.failureMessage(missing));
        QCOMPARE(plan.failureMessage("2026 Could not fetch URL http://i/simple/x/: connection error: refused - "
                                     "skipping\n" + missing),
                 QStringLiteral("The package index http://i/simple could not be reached through Sandpit's proxy: "
                                "connection error: refused"));
        QCOMPARE(plan.failureMessage(missing, {NetworkAttempt{QStringLiteral("files.example.org"), 443, false}}),
                 QStringLiteral("The install tried to reach files.example.org:443, which Sandpit's proxy did not "
                                "allow: only the package index http://i/simple and the hosts listed for it are. If "
                                "the index sends its files from there, add it to the index's file hosts in Settings "
                                "› Packages."));
        QCOMPARE(plan.failureMessage("WARNING: The repository located at files.school.lan is not a trusted or secure "
                                     "host and is being ignored.\n" + missing),
                 QStringLiteral("pip would not use files.school.lan: it is reached over plain http and is not the "
                                "package index's own host, the only http host Sandpit tells pip to trust. Serve it "
                                "over https."));
    }
};

QTEST_GUILESS_MAIN(TestRequirementSet)
#include "tst_requirementset.moc"
