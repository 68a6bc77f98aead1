// A Check of a 20-test Python exercise against the same 20 runs of the bare interpreter, in
// one run with alternating trials so that drift on a busy machine hits both alike:
//   1. the bare interpreter, 20 times one after another, each fed its test's input and its
//      output compared (the baseline);
//   2. the same 20 runs through the engine alone (RunController), one after another, each
//      started the moment the one before finished: what the sandbox costs, without judging;
//   3. Sandpit's Check end to end: CheckController::start on this thread, 20 sandboxed runs
//      on the Check's thread, each judged, and checkFinished back here.
//
// Usage: bench_check [TRIALS]

#include "benchrun.h"
#include "benchstats.h"

#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "exercises/checkcontroller.h"
#include "languages/languageregistry.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

using namespace Sandpit::Core;
using namespace SandpitBench;

namespace {
constexpr int kTests = 20;
const QByteArray kProgram = "a = int(input())\nb = int(input())\nprint(a + b)\n";

Exercise twentyTests(const QString &folder)
{
    Exercise exercise;
    exercise.id = QStringLiteral("sum");
    exercise.folder = folder;
    exercise.languages = {{QStringLiteral("python"), QStringLiteral("sum.py"), {}, {}, {}, {}}};
    for (int i = 0; i < kTests; ++i) {
        ExerciseTest test;
        test.name = QStringLiteral("test %1").arg(i + 1);
        test.stdinData = QByteArray::number(i) + '\n' + QByteArray::number(i * 7) + '\n';
        test.expectedStdout = QByteArray::number(i * 8) + '\n';
        exercise.tests << test;
    }
    return exercise;
}

/// The baseline: each test's input fed to python3, its output compared, one after another.
double bareRuns(const Exercise &exercise, const QString &program)
{
    QElapsedTimer timer;
    timer.start();
    for (const ExerciseTest &test : exercise.tests) {
        QProcess python;
        python.start(QStringLiteral("/usr/bin/python3"), {program});
        python.write(test.stdinData);
        python.closeWriteChannel();
        python.waitForFinished(-1);
        if (python.readAllStandardOutput() != *test.expectedStdout)
            qFatal("bare python3 failed %s", qPrintable(test.name));
    }
    return double(timer.nsecsElapsed()) / 1e6;
}

/// The 20 runs through the engine, each started when the one before has finished.
double engineRuns(RunController &controller, const Exercise &exercise)
{
    QElapsedTimer timer;
    timer.start();
    for (const ExerciseTest &test : exercise.tests) {
        RunRequest request;
        request.language = QStringLiteral("python");
        request.entryFile = QStringLiteral("sum.py");
        request.sources = {{request.entryFile, kProgram}};
        request.stdinData = test.stdinData;
        QEventLoop loop;
        bool ok = false;
        const RunId id = controller.start(request);
        QObject::connect(&controller, &RunController::runFinished, &loop, [&](RunId done, const RunResult &r) {
            ok = done == id && r.stdoutData == *test.expectedStdout;
            loop.quit();
        });
        QObject::connect(&controller, &RunController::runFailed, &loop,
                         [](RunId, const RunError &e) { qFatal("engine run failed: %s", qPrintable(e.message)); });
        loop.exec();
        if (!ok)
            qFatal("the engine's run of %s failed", qPrintable(test.name));
    }
    return double(timer.nsecsElapsed()) / 1e6;
}

double check(CheckController &controller, const CheckRequest &request)
{
    QEventLoop loop;
    std::optional<CheckReport> report;
    QElapsedTimer timer;
    timer.start();
    auto finished = QObject::connect(&controller, &CheckController::checkFinished, &loop, [&](const CheckReport &r) {
        report = r;
        loop.quit();
    });
    auto failed = QObject::connect(&controller, &CheckController::checkFailed, &loop,
                                   [](const RunError &e) { qFatal("check failed: %s", qPrintable(e.message)); });
    controller.start(request);
    loop.exec();
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    QObject::disconnect(finished);
    QObject::disconnect(failed);
    if (!report || !report->allPassed() || report->tests.size() != kTests)
        qFatal("the check did not pass its %d tests", kTests);
    return ms;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int trials = argc > 1 ? QByteArray(argv[1]).toInt() : 10;
    QTemporaryDir dir;
    const QString program = dir.filePath(QStringLiteral("sum.py"));
    QFile file(program);
    if (!file.open(QIODevice::WriteOnly) || file.write(kProgram) != kProgram.size())
        qFatal("cannot write %s", qPrintable(program));
    file.close();

    CheckController controller(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series));
    CheckRequest request;
    request.exercise = twentyTests(dir.path());
    request.languageId = QStringLiteral("python");
    request.learnerFile = program;

    RunController engine(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series));

    Samples bare, engineOnly, checked;
    const auto trial = [&](bool record) {
        const double b = bareRuns(request.exercise, program);
        const double e = engineRuns(engine, request.exercise);
        settle(150);
        const double c = check(controller, request);
        settle(150);
        if (record) {
            bare.ms << b;
            engineOnly.ms << e;
            checked.ms << c;
        }
    };
    trial(false); // warm the page cache and the interpreter's imports
    for (int i = 0; i < trials; ++i)
        trial(true);

    std::printf("A Check of %d Python tests against %d bare python3 runs, %d alternating trials each\n\n", kTests,
                kTests, trials);
    SandpitBench::printHeader();
    SandpitBench::printRow("20 bare python3 runs (baseline)", bare, bare.median());
    SandpitBench::printRow("the 20 runs through the engine alone", engineOnly, bare.median());
    SandpitBench::printRow("Sandpit Check of 20 tests", checked, bare.median());
    std::printf("\nratio of the minimums: %.2fx\n", checked.min() / bare.min());
    return 0;
}
