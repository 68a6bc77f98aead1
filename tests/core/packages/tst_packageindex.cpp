// A Python program's packages installed from a package index the user allowed, end to end:
// a PEP 503 index on the host's loopback (support/packageindex.h), an empty wheelhouse, and
// the setup step reaching the index through a proxy of its own while the program has no
// network. Built once for the local sandbox (label sandbox) and, with SANDPIT_TEST_DOCKER, for
// the offline Python image.
#include "support/packageindex.h"
#include "support/wheelhouse.h"
#ifdef SANDPIT_TEST_DOCKER
#include "support/dockerharness.h"
#endif

#include "model/resultjson.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace SandpitTest;

namespace {

// Imports the test package, then tries the index itself, as a program with no list of its own.
const QByteArray kProgram = "# /// script\n# dependencies = [\"sandpit-fixture-pkg\"]\n# ///\n"
                            "import sys, urllib.request\n"
                            "import sandpit_fixture_pkg\n"
                            "print(sandpit_fixture_pkg.greet())\n"
                            "try:\n"
                            "    urllib.request.urlopen(sys.argv[1], timeout=5)\n"
                            "    print('program reached the index')\n"
                            "except Exception:\n"
                            "    print('program could not reach the index')\n";

// One of the setup step's attempts, through its own proxy.
NetworkAttempt attempt(quint16 port, bool allowed)
{
    return NetworkAttempt{QStringLiteral("127.0.0.1"), port, allowed, true};
}

} // namespace

class TestPackageIndex : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TestPackageIndex()
        : RunFixture(makePythonController, 120000)
    {
    }

private:
    static RunRequest fromIndex(const Wheelhouse &wheelhouse, const PackageIndex &index)
    {
        RunRequest request = wheelhouse.use(pythonRequest(kProgram, {index.url()}));
        request.packages.index = index.url();
        return request;
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void installsFromTheAllowedIndexAndTheProgramCannotReachIt()
    {
        Wheelhouse wheelhouse; // empty: the package is only on the index
        PackageIndex index;
        QVERIFY(index.addFixturePackage());

        RunRequest offline = fromIndex(wheelhouse, index);
        offline.packages.index.clear();
        const Outcome without = run(offline);
        QVERIFY2(without.result, why(without));
        QCOMPARE(without.result->stage, RunStage::Setup);
        QVERIFY(!without.result->diagnostics.isEmpty());
        QVERIFY2(without.result->diagnostics.first().message.startsWith(
                     QStringLiteral("`sandpit-fixture-pkg` is not in the wheelhouse (%1).").arg(wheelhouse.folder())),
                 qPrintable(without.result->diagnostics.first().message));

        const Outcome o = run(fromIndex(wheelhouse, index));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.liveStdout.contains("hello from sandpit_fixture_pkg\nprogram could not reach the index\n"),
                 o.liveStdout + o.liveStderr);
        // pip's warning for a --find-links that is not there: an empty wheelhouse is no mistake.
        QVERIFY2(!(o.liveStdout + o.liveStderr).contains("is ignored"), o.liveStderr);
        // The install's attempts are the run's, each to the index and allowed; the program,
        // with no list, made none.
        QVERIFY(!o.result->network.isEmpty());
        for (const NetworkAttempt &each : o.result->network)
            QCOMPARE(each, attempt(index.port(), true));
        const QJsonObject first = resultToJson(*o.result).value(QStringLiteral("network")).toArray().first().toObject();
        QCOMPARE(first.value(QStringLiteral("port")).toInt(), index.port());
        QCOMPARE(first.value(QStringLiteral("allowed")).toBool(), true);
        QCOMPARE(first.value(QStringLiteral("install")).toBool(), true);
        QCOMPARE(wheelhouse.environments().size(), 1);
    }

    void aFileHostNotAllowedIsDeniedUntilListed()
    {
        Wheelhouse wheelhouse;
        PackageIndex files;
        PackageIndex index;
        QVERIFY(index.addFixturePackage(files)); // the page links to the other server

        const Outcome denied = run(fromIndex(wheelhouse, index));
        QVERIFY2(denied.result, why(denied));
        QCOMPARE(denied.result->stage, RunStage::Setup);
        QVERIFY(denied.result->network.contains(attempt(index.port(), true)));
        QVERIFY(denied.result->network.contains(attempt(files.port(), false)));
        const QString expected = QStringLiteral("The install tried to reach 127.0.0.1:%1, which Sandpit's proxy did "
                                                "not allow: only the package index %2 and the hosts listed for it are.")
                                     .arg(files.port())
                                     .arg(index.url());
        QVERIFY(!denied.result->diagnostics.isEmpty());
        QVERIFY2(denied.result->diagnostics.first().message.startsWith(expected),
                 qPrintable(denied.result->diagnostics.first().message));
        QVERIFY(denied.liveStderr.contains(expected.toUtf8()));
        QVERIFY(wheelhouse.environments().isEmpty());

        RunRequest listed = fromIndex(wheelhouse, index);
        listed.packages.indexHosts = {QStringLiteral("127.0.0.1:%1").arg(files.port())};
        const Outcome o = run(listed);
        QVERIFY2(o.result && o.result->exitCode == 0, why(o) + o.liveStderr);
        QVERIFY(o.result->network.contains(attempt(files.port(), true)));
        QVERIFY(!o.result->network.contains(attempt(files.port(), false)));
    }

    void anUnreachableIndexSaysSo()
    {
        Wheelhouse wheelhouse;
        RunRequest request = wheelhouse.use(pythonRequest(kProgram));
        {
            const PackageIndex gone; // its port, with nothing listening on it any more
            request.packages.index = gone.url();
        }
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Setup);
        QVERIFY(!o.result->diagnostics.isEmpty());
        const QString message = o.result->diagnostics.first().message;
        QVERIFY2(message.startsWith(QStringLiteral("The package index %1 could not be reached through Sandpit's "
                                                   "proxy: ")
                                        .arg(request.packages.index)),
                 qPrintable(message));
        QVERIFY(!o.liveStderr.contains("Traceback"));
    }

    void theWheelhouseStillComesFirstWhenTheIndexIsDown()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        RunRequest request = wheelhouse.use(pythonRequest(kProgram, {QStringLiteral("http://127.0.0.1:9/")}));
        {
            const PackageIndex gone;
            request.packages.index = gone.url();
        }
        const Outcome o = run(request);
        QVERIFY2(o.result && o.result->exitCode == 0, why(o) + o.liveStderr);
        QVERIFY(o.liveStdout.contains("hello from sandpit_fixture_pkg\n"));
    }

    void aBadIndexIsRefusedWithASentence()
    {
        Wheelhouse wheelhouse;
        RunRequest request = wheelhouse.use(pythonRequest(kProgram));
        request.packages.index = QStringLiteral("ftp://example.org/simple");
        const Outcome o = run(request);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::BadRequest);
        QCOMPARE(o.error->message, QStringLiteral("The package index \"ftp://example.org/simple\" is not an index's "
                                                  "address: it must start with https:// or http:// and name a host, "
                                                  "as https://pypi.org/simple does."));
    }

#ifdef SANDPIT_TEST_DOCKER
    void anEngineThatDoesNotShareThisDiskRefusesAnIndexInstall()
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
        const auto controller = dockerController(environment);
        Wheelhouse wheelhouse;
        RunRequest request = wheelhouse.use(pythonRequest(kProgram));
        request.packages.index = QStringLiteral("https://pypi.org/simple");
        const Outcome o = runToEnd(*controller, request);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::BadRequest);
        QVERIFY2(o.error->message.startsWith(QLatin1String("Installing packages from the package index "
                                                           "https://pypi.org/simple in Docker needs an engine")),
                 qPrintable(o.error->message));
    }
#endif
};

QTEST_GUILESS_MAIN(TestPackageIndex)
#include "tst_packageindex.moc"
