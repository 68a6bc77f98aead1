// A Check whose engine is lost while the exercise's checker program runs: the test was never
// judged, so the Check fails as its engine's (grading then hands the student to another
// engine), never as a CheckerError that would be written into the student's results. The
// learner's program runs for real on the local sandbox; the engine "dies" at the checker.

#include "support/checkharness.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
/// The local sandbox, except that a checker's run (the one given input, answer and output)
/// fails with `checkerError`, as a daemon gone at that moment would fail it.
class CheckerFailsBackend final : public Backend
{
public:
    CheckerFailsBackend(std::unique_ptr<Backend> real, RunError checkerError)
        : m_real(std::move(real))
        , m_checkerError(std::move(checkerError))
    {
    }
    QString id() const override { return m_real->id(); }
    Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &request) override
    {
        if (request.arguments
            == QStringList{QStringLiteral("input"), QStringLiteral("answer"), QStringLiteral("output")})
            return std::unexpected(m_checkerError);
        return m_real->createJob(request);
    }

private:
    std::unique_ptr<Backend> m_real;
    RunError m_checkerError;
};

CheckOutcome checkWithCheckerFailing(const RunError &error)
{
    auto local = makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series);
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<CheckerFailsBackend>(std::move(local.front()), error));
    CheckController controller(std::move(backends));
    return checkToEnd(
        controller,
        runnerCheck(QStringLiteral("parity"), QStringLiteral("python"), QStringLiteral("solution/parity.py")));
}
} // namespace

class TestCheckerEngineLoss : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aLostEngineFailsTheCheck()
    {
        const RunError lost{RunError::Code::BackendUnavailable,
                            QStringLiteral("The Docker engine at tcp://127.0.0.1:23760 stopped answering.")};
        const CheckOutcome o = checkWithCheckerFailing(lost);
        QVERIFY(!o.report);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::BackendUnavailable);
        QCOMPARE(o.error->message, lost.message);
        // Nothing was judged: no test result says the exercise was at fault.
        QVERIFY(o.finished.isEmpty());
    }

    // A checker that cannot run on a live engine is still the exercise's fault, judged as such.
    void aCheckerThatCannotRunIsStillTheExercisesFault()
    {
        const CheckOutcome o = checkWithCheckerFailing(
            RunError{RunError::Code::MissingToolchain, QStringLiteral("There is no python3 here.")});
        QVERIFY(o.report);
        QVERIFY(!o.error);
        QCOMPARE(o.verdicts(), (QStringList{QStringLiteral("checker-error"), QStringLiteral("checker-error")}));
        QVERIFY(o.finished.at(0).explanation.contains(QStringLiteral("There is no python3 here.")));
        QVERIFY(!o.finished.at(0).countsAgainstLearner());
    }
};

QTEST_GUILESS_MAIN(TestCheckerEngineLoss)
#include "tst_checkerengineloss.moc"
