// The bundled course "intro", checked through Sandpit's own loader and Check engine: every
// exercise loads, every reference solution passes every test, and every wrong program in
// wrong/ fails at least one (a wrong/slow.* by Time limit). Built twice: on the local sandbox
// and, with SANDPIT_TEST_DOCKER, in the offline Docker images, as a learner's Check would run.
#include "docker/dockerbackend.h"
#include "engine/backendfactory.h"
#include "exercises/checkcontroller.h"
#include "exercises/packloader.h"
#include "languages/languageregistry.h"
#include "settings/enginesettings.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {

#ifdef SANDPIT_TEST_DOCKER
constexpr bool kDocker = true;
#else
constexpr bool kDocker = false;
#endif

/// A Check compiles C in its own container under Docker; matplotlib's first import is slow.
constexpr int kCheckTimeoutMs = 180000;

QString coursePath()
{
    return QStringLiteral(SANDPIT_SOURCE_DIR "/resources/exercises/intro");
}

std::vector<std::unique_ptr<Backend>> backends()
{
    if (!kDocker)
        return makeBackends(LanguageRegistry::builtIn(), EngineSettings{});
    DockerBackend::Config config;
    config.environment = QProcessEnvironment::systemEnvironment();
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"),
                              QStringLiteral("sandpit-offline/python:3.11"));
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_C"), QStringLiteral("sandpit-offline/gcc:12"));
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_JAVASCRIPT"),
                              QStringLiteral("sandpit-offline/toolchains:12"));
    std::vector<std::unique_ptr<Backend>> result;
    result.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return result;
}

/// The verdict a wrong program's name promises ("slow.py": Time limit), if it promises one.
std::optional<Verdict> promisedVerdict(const QString &wrongPath)
{
    const QString stem = QFileInfo(wrongPath).completeBaseName();
    if (stem == QLatin1String("slow") || stem.startsWith(QLatin1String("slow_")))
        return Verdict::TimeLimit;
    if (stem == QLatin1String("crash") || stem.startsWith(QLatin1String("crash_")))
        return Verdict::RuntimeError;
    if (stem == QLatin1String("compile_error"))
        return Verdict::CompileError;
    return std::nullopt;
}

QString outcomeText(const TestOutcome &outcome)
{
    return QStringLiteral("%1: %2 %3 %4")
        .arg(outcome.testName, verdictTitle(outcome.verdict), outcome.explanation,
             QString::fromUtf8(outcome.actualStderr.left(400)));
}

} // namespace

class TestBundledCourse : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyExerciseLoads();
    void theCourseHasEnoughOfEachLanguage();
    void solutionPassesEveryTest_data() { programRows(false); }
    void solutionPassesEveryTest();
    void wrongProgramFailsATest_data() { programRows(true); }
    void wrongProgramFailsATest();

private:
    void programRows(bool wrong);
    void check(const Exercise &exercise, const QString &languageId, const QString &program,
               QList<TestOutcome> &outcomes, const std::function<bool(const TestOutcome &)> &enough = {});

    QTemporaryDir m_unpackRoot;
    Course m_course;
};

void TestBundledCourse::initTestCase()
{
    qRegisterMetaType<TestOutcome>();
    qRegisterMetaType<CheckReport>();
    qRegisterMetaType<RunError>();
    QVERIFY(m_unpackRoot.isValid());
    PackLoader loader(m_unpackRoot.path());
    loader.setLanguages(LanguageRegistry::builtIn());
    auto course = loader.load(coursePath());
    QVERIFY2(course, course ? "" : qPrintable(course.error().toString()));
    m_course = std::move(*course);
}

void TestBundledCourse::everyExerciseLoads()
{
    QStringList problems;
    for (const PackProblem &problem : m_course.problems)
        problems << problem.toString(coursePath() + QLatin1Char('/'));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(m_course.id, QStringLiteral("intro"));
    // The order is the folders' names: topic by topic, 01 input and output first.
    QVERIFY(!m_course.exercises.isEmpty());
    QVERIFY(m_course.exercises.first().id.startsWith(QLatin1String("01-")));
}

void TestBundledCourse::theCourseHasEnoughOfEachLanguage()
{
    // A language counts for an exercise when it has its own starter, solution and wrong program.
    QHash<QString, int> counts;
    for (const Exercise &exercise : std::as_const(m_course.exercises))
        for (const ExerciseLanguage &language : exercise.languages)
            if (!language.solutionPath.isEmpty() && !language.wrongPaths.isEmpty())
                ++counts[language.languageId];
    QVERIFY2(counts.value(QStringLiteral("python")) >= 10, "fewer than 10 Python exercises");
    QVERIFY2(counts.value(QStringLiteral("c")) >= 7, "fewer than 7 C exercises");
    QVERIFY2(counts.value(QStringLiteral("javascript")) >= 7, "fewer than 7 JavaScript exercises");
}

void TestBundledCourse::programRows(bool wrong)
{
    QTest::addColumn<QString>("exerciseId");
    QTest::addColumn<QString>("languageId");
    QTest::addColumn<QString>("program");
    for (const Exercise &exercise : std::as_const(m_course.exercises))
        for (const ExerciseLanguage &language : exercise.languages) {
            const QStringList programs = wrong ? language.wrongPaths : QStringList{language.solutionPath};
            for (const QString &program : programs)
                QTest::addRow("%s %s %s", qPrintable(exercise.id), qPrintable(language.languageId),
                              qPrintable(QFileInfo(program).fileName()))
                    << exercise.id << language.languageId << program;
        }
}

/// Checks `program` as the learner's file and collects the tests' outcomes; stops the Check
/// early once `enough` says the outcomes settle the question, to keep CI short.
void TestBundledCourse::check(const Exercise &exercise, const QString &languageId, const QString &program,
                              QList<TestOutcome> &outcomes, const std::function<bool(const TestOutcome &)> &enough)
{
    CheckController controller(backends());
    bool done = false;
    connect(&controller, &CheckController::testFinished, this, [&](int, const TestOutcome &outcome) {
        outcomes << outcome;
        if (enough && enough(outcome))
            controller.cancel();
    });
    connect(&controller, &CheckController::checkFinished, this, [&] { done = true; });
    QSignalSpy failed(&controller, &CheckController::checkFailed);
    CheckRequest request;
    request.exercise = exercise;
    request.languageId = languageId;
    request.learnerFile = program;
    request.backend = kDocker ? QStringLiteral("docker") : QStringLiteral("local");
    controller.start(request);
    QTRY_VERIFY_WITH_TIMEOUT(done || !failed.isEmpty(), kCheckTimeoutMs);
    if (!failed.isEmpty())
        QFAIL(qPrintable(QStringLiteral("the Check failed: ") + failed.first().first().value<RunError>().message));
}

void TestBundledCourse::solutionPassesEveryTest()
{
    QFETCH(QString, exerciseId);
    QFETCH(QString, languageId);
    QFETCH(QString, program);
    const Exercise &exercise = *m_course.exercise(exerciseId);
    QList<TestOutcome> outcomes;
    check(exercise, languageId, program, outcomes);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(outcomes.size(), exercise.tests.size());
    for (const TestOutcome &outcome : outcomes)
        QVERIFY2(outcome.passed(), qPrintable(outcomeText(outcome)));
}

void TestBundledCourse::wrongProgramFailsATest()
{
    QFETCH(QString, exerciseId);
    QFETCH(QString, languageId);
    QFETCH(QString, program);
    const std::optional<Verdict> promised = promisedVerdict(program);
    const auto settles = [&](const TestOutcome &outcome) {
        return promised ? outcome.verdict == *promised : outcome.countsAgainstLearner();
    };
    QList<TestOutcome> outcomes;
    check(*m_course.exercise(exerciseId), languageId, program, outcomes, settles);
    if (QTest::currentTestFailed())
        return;
    QStringList seen;
    for (const TestOutcome &outcome : outcomes) {
        QVERIFY2(outcome.verdict != Verdict::CheckerError, qPrintable(outcomeText(outcome)));
        seen << outcomeText(outcome);
    }
    const bool failedOne = std::any_of(outcomes.begin(), outcomes.end(), settles);
    QVERIFY2(failedOne, qPrintable(QStringLiteral("no test fails as it should:\n") + seen.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestBundledCourse)
#include "tst_bundledcourse.moc"
