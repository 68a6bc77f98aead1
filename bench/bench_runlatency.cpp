// Run latency of a trivial Python program, five ways, in one run with alternating trials so
// that drift on a busy machine hits all alike:
//   1. the bare interpreter (the baseline);
//   2. bwrap --unshare-all (Debian's bubblewrap), the reference sandbox;
//   3. sandpit-helper started directly: namespaces, new root, seccomp, limits, init;
//   4. Sandpit's engine end to end: RunController, worker thread, workspace, helper, report;
//   5. the engine again at once, while it is still readying the sandbox for that run.
//
// Usage: bench_runlatency [TRIALS]

#include "benchrun.h"
#include "benchstats.h"

#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "local/localbackend.h"
#include "local/sandboxpolicy.h"

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace Sandpit::Core;
using namespace SandpitBench;

namespace {
const QString kPython = QStringLiteral("/usr/bin/python3");

QStringList bwrapArguments()
{
    return {QStringLiteral("--unshare-all"),
            QStringLiteral("--die-with-parent"),
            QStringLiteral("--ro-bind"),
            QStringLiteral("/usr"),
            QStringLiteral("/usr"),
            QStringLiteral("--symlink"),
            QStringLiteral("usr/lib"),
            QStringLiteral("/lib"),
            QStringLiteral("--symlink"),
            QStringLiteral("usr/lib64"),
            QStringLiteral("/lib64"),
            QStringLiteral("--symlink"),
            QStringLiteral("usr/bin"),
            QStringLiteral("/bin"),
            QStringLiteral("--proc"),
            QStringLiteral("/proc"),
            QStringLiteral("--dev"),
            QStringLiteral("/dev"),
            QStringLiteral("--tmpfs"),
            QStringLiteral("/tmp"),
            kPython,
            QStringLiteral("-c"),
            kCode};
}

QStringList helperArguments(const QString &workDir, const QString &report)
{
    QStringList args{QStringLiteral("--workspace"),    workDir,
                     QStringLiteral("--report"),       report,
                     QStringLiteral("--timeout-ms"),   QStringLiteral("10000"),
                     QStringLiteral("--memory-bytes"), QString::number(256LL << 20),
                     QStringLiteral("--processes"),    QStringLiteral("64")};
    for (const QString &path : sandboxReadOnlyPaths())
        args << QStringLiteral("--ro-bind-try") << path;
    args << QStringLiteral("--") << kPython << QStringLiteral("-c") << kCode;
    return args;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int trials = argc > 1 ? QByteArray(argv[1]).toInt() : 40;
    RunController controller(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}));
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    const QString helper = LocalBackend::findHelper();
    QTemporaryDir dir;
    const QString workDir = dir.filePath(QStringLiteral("work"));
    QDir().mkpath(workDir + QStringLiteral("/output"));
    const QString report = dir.filePath(QStringLiteral("report"));

    Samples bare, wrapped, direct, engine, backToBack;
    const auto trial = [&](bool record) {
        const double b = timeCommand(kPython, {QStringLiteral("-c"), kCode});
        const double w = bwrap.isEmpty() ? 0 : timeCommand(bwrap, bwrapArguments());
        const double h = timeCommand(helper, helperArguments(workDir, report));
        const double e = engineRun(controller);
        // A second run at once, while the engine is still building the sandbox for it.
        const double e2 = engineRun(controller);
        settle(150);
        if (record) {
            bare.ms << b;
            wrapped.ms << w;
            direct.ms << h;
            engine.ms << e;
            backToBack.ms << e2;
        }
    };
    for (int i = 0; i < 3; ++i) // warm the page cache and the interpreter's imports
        trial(false);
    for (int i = 0; i < trials; ++i)
        trial(true);

    std::printf("Run latency of python3 -c \"print('hi')\", %d alternating trials each\n\n", trials);
    SandpitBench::printHeader();
    SandpitBench::printRow("bare python3 (baseline)", bare, bare.median());
    if (!bwrap.isEmpty())
        SandpitBench::printRow("bwrap --unshare-all", wrapped, bare.median());
    SandpitBench::printRow("sandpit-helper, full sandbox", direct, bare.median());
    SandpitBench::printRow("Sandpit engine end to end", engine, bare.median());
    SandpitBench::printRow("Sandpit engine, run again at once", backToBack, bare.median());
    return 0;
}
