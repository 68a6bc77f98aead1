// Run latency of a trivial program: through Sandpit's engine (RunController, worker thread,
// helper, PID-namespace init, workspace, report) against spawning the bare interpreter.
// Trials alternate between the two so drift on a busy machine hits both alike.
//
// Usage: bench_runlatency [TRIALS]

#include "benchstats.h"

#include "backends.h"
#include "languageregistry.h"
#include "runcontroller.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProcess>

using namespace Sandpit::Core;
using SandpitBench::Samples;

namespace {
const QByteArray kProgram = "print('hi')\n";

double bareSpawn()
{
    QElapsedTimer timer;
    timer.start();
    QProcess p;
    p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QString::fromUtf8(kProgram)});
    p.waitForFinished(-1);
    if (p.readAllStandardOutput() != "hi\n")
        qFatal("bare interpreter did not print hi");
    return double(timer.nsecsElapsed()) / 1e6;
}

double engineRun(RunController &controller)
{
    RunRequest request;
    request.language = QStringLiteral("python");
    request.entryFile = QStringLiteral("main.py");
    request.sources = {{request.entryFile, kProgram}};
    QEventLoop loop;
    bool ok = false;
    QElapsedTimer timer;
    timer.start();
    const RunId id = controller.start(request);
    auto finished = QObject::connect(&controller, &RunController::runFinished, &loop,
                                     [&](RunId done, const RunResult &r) {
                                         ok = done == id && r.stdoutData == "hi\n";
                                         loop.quit();
                                     });
    auto failed = QObject::connect(&controller, &RunController::runFailed, &loop, [&](RunId, const RunError &e) {
        qFatal("engine run failed: %s", qPrintable(e.message));
    });
    loop.exec();
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    QObject::disconnect(finished);
    QObject::disconnect(failed);
    if (!ok)
        qFatal("engine run did not print hi");
    return ms;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int trials = argc > 1 ? QByteArray(argv[1]).toInt() : 40;
    RunController controller(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}));

    for (int i = 0; i < 3; ++i) { // warm the page cache and the interpreter's imports
        bareSpawn();
        engineRun(controller);
    }
    Samples bare, engine;
    for (int i = 0; i < trials; ++i) {
        bare.ms << bareSpawn();
        engine.ms << engineRun(controller);
    }
    std::printf("Run latency of print('hi'), %d alternating trials each\n\n", trials);
    SandpitBench::printHeader();
    SandpitBench::printRow("bare python3 (baseline)", bare, bare.median());
    SandpitBench::printRow("Sandpit engine, local backend", engine, bare.median());
    return 0;
}
