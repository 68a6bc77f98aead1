// A Check runs its tests as a series, the next sandbox built while a run goes. With declared
// packages whose environment is not built yet, that sandbox is made before the setup step has
// made the environment: the next test must not run in it, blind to the packages.

#include "support/wheelhouse.h"

#include "engine/backendfactory.h"

using namespace SandpitTest;

class TestLocalPackagesSeries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSecondRunOfASeriesImportsWhatTheFirstInstalled()
    {
        Wheelhouse wheelhouse;
        QVERIFY(wheelhouse.addFixturePackage());
        RunController controller(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series));
        RunRequest request = wheelhouse.use(pythonRequest(fixture(QStringLiteral("packages/uses_fixture_pkg.py"))));
        request.backend = QStringLiteral("local");
        const Outcome first = runToEnd(controller, request, 120000);
        QVERIFY2(first.result && first.result->exitCode == 0, why(first) + first.liveStderr);
        QVERIFY((first.liveStdout + first.liveStderr).contains("Successfully installed"));
        QVERIFY(first.liveStdout.contains("hello from sandpit_fixture_pkg\n"));

        const Outcome second = runToEnd(controller, request, 120000);
        QVERIFY2(second.result && second.result->exitCode == 0, why(second) + second.liveStderr);
        QVERIFY2(second.liveStdout.contains("hello from sandpit_fixture_pkg\n"), second.liveStdout + second.liveStderr);
    }
};

QTEST_GUILESS_MAIN(TestLocalPackagesSeries)
#include "tst_localpackagesseries.moc"
