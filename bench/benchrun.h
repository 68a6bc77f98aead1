#pragma once
// What the latency benchmarks share: timing a command, timing one run through the engine,
// and the pause between runs.

#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "settings/enginesettings.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTimer>

namespace SandpitBench {

/// An engine with the built-in languages whose default is Docker or the local sandbox. A
/// benchmark gives each kind of run one of its own, as a person running one program again and
/// again has: each keeps a sandbox (or container) ready for the kind of run it just did.
inline std::unique_ptr<Sandpit::Core::RunController> engineOn(bool docker)
{
    using namespace Sandpit::Core;
    EngineSettings settings;
    settings.backend = docker ? QStringLiteral("docker") : QStringLiteral("local");
    return std::make_unique<RunController>(makeBackends(LanguageRegistry::builtIn(), settings));
}

/// `bench_x [TRIALS] [docker]`: what the Python run benchmarks are asked. With docker, Python runs
/// use the offline image, as the tests do.
struct PythonBenchArgs {
    int trials = 20;
    bool docker = false;
    QString backend() const { return docker ? QStringLiteral("docker") : QStringLiteral("local"); }
};

inline PythonBenchArgs pythonBenchArgs(int argc, char **argv)
{
    PythonBenchArgs args;
    if (argc > 1)
        args.trials = QByteArray(argv[1]).toInt();
    args.docker = argc > 2 && QByteArray(argv[2]) == "docker";
    if (args.docker)
        qputenv("SANDPIT_DOCKER_IMAGE_PYTHON", "sandpit-offline/python:3.11");
    return args;
}

/// The program every latency benchmark runs.
inline const QString kCode = QStringLiteral("print('hi')");

/// Wall time of a whole command, which must print "hi". A benchmark may block: it has no GUI.
inline double timeCommand(const QString &program, const QStringList &arguments)
{
    QElapsedTimer timer;
    timer.start();
    QProcess p;
    p.start(program, arguments);
    p.waitForFinished(-1);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (!p.readAllStandardOutput().startsWith("hi"))
        qFatal("%s did not print hi: %s", qPrintable(program), p.readAllStandardError().constData());
    return ms;
}

/// From RunController::start on this thread to runFinished back on it, for `request`, whose
/// output must end with "hi".
inline double engineRun(Sandpit::Core::RunController &controller, const Sandpit::Core::RunRequest &request)
{
    using namespace Sandpit::Core;
    QEventLoop loop;
    bool ok = false;
    QElapsedTimer timer;
    timer.start();
    const RunId id = controller.start(request);
    auto finished
        = QObject::connect(&controller, &RunController::runFinished, &loop, [&](RunId done, const RunResult &r) {
              ok = done == id && r.stdoutData.endsWith("hi\n");
              if (!ok)
                  qWarning("%s%s", r.stdoutData.constData(), r.stderrData.constData());
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

/// engineRun() of kCode in Python.
inline double engineRun(Sandpit::Core::RunController &controller)
{
    Sandpit::Core::RunRequest request;
    request.language = QStringLiteral("python");
    request.entryFile = QStringLiteral("main.py");
    request.sources = {{request.entryFile, kCode.toUtf8()}};
    return engineRun(controller, request);
}

/// The pause a person takes between two runs. The engine readies the next sandbox or
/// container after a run ends; without this, that work would land on whatever is timed next.
inline void settle(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace SandpitBench
