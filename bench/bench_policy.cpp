// What the teaching import policy costs a run: the same small Python program (it imports math
// and prints "hi") with no policy (the baseline) and with one (warn about socket, block
// subprocess, so the check runs and lets it go on), in alternating trials so that drift on a
// busy machine hits both alike. Each kind has an engine of its own, as a person running one
// program again and again has: each keeps a sandbox (or container) ready for its kind of run.
//
// Usage: bench_policy [TRIALS] [docker]

#include "benchrun.h"
#include "benchstats.h"

#include <QCoreApplication>

using namespace Sandpit::Core;
using namespace SandpitBench;

namespace {
RunRequest request(const QString &backend, const ImportPolicy &policy)
{
    RunRequest r;
    r.language = QStringLiteral("python");
    r.entryFile = QStringLiteral("main.py");
    r.sources = {{r.entryFile, QByteArrayLiteral("import math\nprint('hi')\n")}};
    r.backend = backend;
    r.importPolicy = policy;
    return r;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const PythonBenchArgs args = pythonBenchArgs(argc, argv);
    const int trials = args.trials;
    const bool docker = args.docker;
    const QString backend = args.backend();
    const ImportPolicy policy{{QStringLiteral("socket")}, {QStringLiteral("subprocess")}};
    auto plainEngine = engineOn(docker);
    auto policedEngine = engineOn(docker);

    Samples plain, policed;
    const auto trial = [&](bool record) {
        const double p = engineRun(*plainEngine, request(backend, {}));
        settle(150);
        const double c = engineRun(*policedEngine, request(backend, policy));
        settle(150);
        if (record) {
            plain.ms << p;
            policed.ms << c;
        }
    };
    for (int i = 0; i < 3; ++i) // warm the page cache, the interpreter's imports and the pools
        trial(false);
    for (int i = 0; i < trials; ++i)
        trial(true);

    std::printf("A Python program with and without an import policy (%s), %d alternating trials each\n\n",
                qPrintable(backend), trials);
    printHeader();
    printRow("no policy (baseline)", plain, plain.median());
    printRow("import policy: the check, then the run", policed, plain.median());
    return 0;
}
