// A learner build Checked as a learner Checks it (tests/fixtures/packs/validate-checker): the
// exercise's checker program, which a secret test names too, stays in the build and still judges.
#include "engine/backendfactory.h"
#include "exercises/packbuilder.h"
#include "support/checkharness.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestLearnerBuild : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exerciseLevelCheckerProgramStaysAndJudges()
    {
        QTemporaryDir dir;
        const QString source = fixturesDir() + QStringLiteral("/packs/validate-checker");
        const auto built
            = buildPack(PackBuildRequest{source, PackAudience::Learner, dir.filePath(QStringLiteral("build")), false,
                                         dir.filePath(QStringLiteral("unpack"))});
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        QVERIFY(QFile::exists(built->output + QStringLiteral("/parity/checker/check.py")));
        QCOMPARE(built->leftOut.value(0).secretTests, 1);

        const auto course = PackLoader(dir.filePath(QStringLiteral("unpack-check"))).load(built->output);
        QVERIFY(course && course->problems.isEmpty() && course->exercises.size() == 1);
        const Exercise &parity = course->exercises.first();
        QCOMPARE(parity.checker.kind, CheckerKind::Program);

        // The reference shouts EVEN and ODD: only the checker program, which ignores the case,
        // passes it; compared line by line it would be a wrong answer.
        CheckController controller(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series));
        const CheckRequest request = checkRequestFor(
            parity, QStringLiteral("python"), source + QStringLiteral("/parity/solution/parity.py"), RunRequest{});
        const CheckOutcome outcome = checkToEnd(controller, request);
        QVERIFY(outcome.report);
        QCOMPARE(outcome.verdicts(), (QStringList{QStringLiteral("passed"), QStringLiteral("passed")}));
    }
};

QTEST_GUILESS_MAIN(TestLearnerBuild)
#include "tst_learnerbuild.moc"
