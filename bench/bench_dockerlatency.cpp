// Run latency of a trivial Python program in Docker, in one run with alternating trials so
// that drift on a busy machine hits all alike:
//   1. `docker run --rm --network none IMAGE python3 -c ...` (the baseline: what a grader that
//      starts one container per submission pays);
//   2. Sandpit's engine end to end with its warm pool: RunController, worker thread, a started
//      container waiting for its run, the go, the launcher's end marker, runFinished;
//   3. the engine again at once, while the pool is still readying the container for it.
//
// Needs a Docker daemon and the image (default sandpit-offline/python:3.11, made by
// packaging/docker/build-offline-images.sh python).
// Usage: bench_dockerlatency [TRIALS] [IMAGE]

#include "benchrun.h"
#include "benchstats.h"

#include "docker/dockerbackend.h"
#include "languages/languageregistry.h"

#include <QCoreApplication>
#include <QStandardPaths>

using namespace Sandpit::Core;
using namespace SandpitBench;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int trials = argc > 1 ? QByteArray(argv[1]).toInt() : 20;
    const QString image = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("sandpit-offline/python:3.11");
    const QString docker = QStandardPaths::findExecutable(QStringLiteral("docker"));
    if (docker.isEmpty())
        qFatal("the docker command is needed for the baseline (apt install docker.io)");

    DockerBackend::Config config;
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), image);
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    RunController controller(std::move(backends));

    const QStringList dockerRun{QStringLiteral("run"),
                                QStringLiteral("--rm"),
                                QStringLiteral("--network"),
                                QStringLiteral("none"),
                                image,
                                QStringLiteral("python3"),
                                QStringLiteral("-c"),
                                kCode};
    Samples bare, engine, backToBack;
    const auto trial = [&](bool record) {
        const double b = timeCommand(docker, dockerRun);
        settle(300);
        const double e = engineRun(controller);
        const double e2 = engineRun(controller);
        // Long enough for the pool to have the next container started, and for the reaper to
        // have removed the used ones, so neither lands on the baseline.
        settle(1000);
        if (record) {
            bare.ms << b;
            engine.ms << e;
            backToBack.ms << e2;
        }
    };
    for (int i = 0; i < 2; ++i) // the image's layers into the page cache, the pool filled
        trial(false);
    for (int i = 0; i < trials; ++i)
        trial(true);

    std::printf("Docker run latency of python3 -c \"print('hi')\" in %s, %d alternating trials each\n\n",
                qPrintable(image), trials);
    printHeader();
    printRow("docker run --rm (baseline)", bare, bare.median());
    printRow("Sandpit engine, warm pool", engine, bare.median());
    printRow("Sandpit engine, run again at once", backToBack, bare.median());
    return 0;
}
