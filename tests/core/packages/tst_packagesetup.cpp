// A Python program's declared packages, end to end through a real RunController: the setup
// step installs them from a temporary wheelhouse in the sandbox, the program imports them,
// the environment is cached and reused, and what goes wrong says so. Built once for the local
// sandbox (label sandbox) and, with SANDPIT_TEST_DOCKER, for the offline Python image.
#include "support/wheelhouse.h"

#include "model/resultjson.h"
#include "packages/envcache.h"

#include <QJsonObject>

using namespace SandpitTest;

class TestPackageSetup : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TestPackageSetup()
        : RunFixture(makePythonController, 120000)
    {
    }

private:
    RunRequest fixtureProgram(const Wheelhouse &wheelhouse) const
    {
        return wheelhouse.use(pythonRequest(fixture(QStringLiteral("packages/uses_fixture_pkg.py"))));
    }

    // "prefix /…/envs/HASH\n": the program's sys.prefix, the environment it ran in.
    static QByteArray prefixLine(const QByteArray &output)
    {
        const qsizetype at = output.indexOf("prefix ");
        return at < 0 ? QByteArray() : output.mid(at, output.indexOf('\n', at) + 1 - at);
    }

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void installsFromTheWheelhouseThenRuns()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        const Outcome o = run(fixtureProgram(wheelhouse));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.liveStdout.contains("hello from sandpit_fixture_pkg\n"), o.liveStdout + o.liveStderr);
        // pip's own words stream into the output, as a compiler's do.
        QVERIFY2((o.liveStdout + o.liveStderr).contains("Successfully installed sandpit-fixture-pkg-1.0"),
                 o.liveStdout + o.liveStderr);
        const QStringList envs = wheelhouse.environments();
        QCOMPARE(envs.size(), 1);
        QVERIFY(QFileInfo::exists(wheelhouse.envs() + QLatin1Char('/') + envs.first() + QLatin1Char('/')
                                  + QLatin1String(EnvCache::kMarker)));
    }

    void secondRunReusesTheEnvironment()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        const Outcome first = run(fixtureProgram(wheelhouse));
        QVERIFY2(first.result && first.result->exitCode == 0, why(first) + first.liveStderr);
        const QStringList envs = wheelhouse.environments();
        QCOMPARE(envs.size(), 1);

        // The wheelhouse is gone: only a reused environment can still import the package.
        QVERIFY(QDir(wheelhouse.folder()).removeRecursively());
        const Outcome second = run(fixtureProgram(wheelhouse));
        QVERIFY2(second.result, why(second));
        QCOMPARE(second.result->exitCode, 0);
        QVERIFY2(!(second.liveStdout + second.liveStderr).contains("Installing"), second.liveStdout);
        QCOMPARE(second.liveStdout, "hello from sandpit_fixture_pkg\n" + prefixLine(first.liveStdout));
        QCOMPARE(wheelhouse.environments(), envs);
    }

    void requirementsTxtAttachedCounts()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        RunRequest request
            = wheelhouse.use(pythonRequest("import sandpit_fixture_pkg\nprint(sandpit_fixture_pkg.greet())\n"));
        request.sources << SourceFile{QStringLiteral("requirements.txt"),
                                      "# what this program needs\nsandpit-fixture-pkg>=1.0  # the test's own\n"};
        const Outcome o = run(request);
        QVERIFY2(o.result && o.result->exitCode == 0, why(o) + o.liveStderr);
        QVERIFY(o.liveStdout.contains("hello from sandpit_fixture_pkg\n"));
    }

    void missingWheelhouseSaysWhatToDo()
    {
        Wheelhouse wheelhouse; // nothing added: the folder does not even exist
        const Outcome o = run(fixtureProgram(wheelhouse));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Setup);
        const QString expected = QStringLiteral("`sandpit-fixture-pkg` is not in the wheelhouse (%1). Put its wheel "
                                                "there, or run `pip download sandpit-fixture-pkg -d %1` on a computer "
                                                "with internet.")
                                     .arg(wheelhouse.folder());
        QVERIFY(!o.result->diagnostics.isEmpty());
        QCOMPARE(o.result->diagnostics.first().message, expected);
        QVERIFY(o.liveStderr.contains(expected.toUtf8()));
        QVERIFY(!o.liveStdout.contains("hello")); // the program did not run
        QCOMPARE(resultToJson(*o.result).value(QStringLiteral("stage")).toString(), QStringLiteral("setup"));
        QVERIFY(wheelhouse.environments().isEmpty());
    }

    void setupBombIsStoppedByTheSetupLimits()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.add(QStringLiteral("sdist"), QStringLiteral("setup_bomb/setup.py"),
                               QStringLiteral("setup-bomb")));
        RunRequest request = wheelhouse.use(pythonRequest("# /// script\n# dependencies = [\"setup-bomb\"]\n# ///\n"
                                                          "print('never')\n"));
        request.packages.setupLimits.wallTimeMs = 4000;
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stage, RunStage::Setup);
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QVERIFY(!o.liveStdout.contains("never"));
        QVERIFY(wheelhouse.environments().isEmpty());
    }

    void brokenEnvironmentIsRebuilt()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        const Outcome first = run(fixtureProgram(wheelhouse));
        QVERIFY2(first.result && first.result->exitCode == 0, why(first) + first.liveStderr);
        const QString env = wheelhouse.envs() + QLatin1Char('/') + wheelhouse.environments().first();
        QVERIFY(QFile::remove(env + QLatin1Char('/') + QLatin1String(EnvCache::kMarker))); // as a crash would leave it

        const Outcome second = run(fixtureProgram(wheelhouse));
        QVERIFY2(second.result && second.result->exitCode == 0, why(second) + second.liveStderr);
        QVERIFY((second.liveStdout + second.liveStderr).contains("Successfully installed"));
        QVERIFY(QFileInfo::exists(env + QLatin1Char('/') + QLatin1String(EnvCache::kMarker)));
    }
};

QTEST_GUILESS_MAIN(TestPackageSetup)
#include "tst_packagesetup.moc"
