// A Python program with declared packages (PEP 723), three ways, in one run with alternating
// trials so that drift on a busy machine hits all alike:
//   1. the same program's print without any requirement (the baseline);
//   2. the program with one requirement whose environment is cached (every run after the
//      first);
//   3. the program's first run: the setup step makes the venv and installs the wheel from the
//      wheelhouse, then the program runs.
// Each kind has an engine of its own, as a person running one program again and again has:
// each engine keeps a sandbox ready for the kind of run it just did.
//
// Usage: bench_packages [TRIALS] [docker]

#include "benchrun.h"
#include "benchstats.h"

#include <QCoreApplication>
#include <QTemporaryDir>

using namespace Sandpit::Core;
using namespace SandpitBench;

namespace {
const QByteArray kWithPackage = "# /// script\n# dependencies = [\"sandpit-fixture-pkg\"]\n# ///\n"
                                "import sandpit_fixture_pkg\nprint('hi')\n";

// The test package's wheel, made by hand as the tests make it, into `folder`.
void makeWheelhouse(const QString &folder)
{
    const QString packages = QStringLiteral(SANDPIT_FIXTURES_DIR "/packages/");
    QProcess maker;
    maker.start(QStringLiteral("/usr/bin/python3"),
                {packages + QStringLiteral("make_wheel.py"), QStringLiteral("wheel"),
                 packages + QStringLiteral("src/sandpit_fixture_pkg"), QStringLiteral("sandpit-fixture-pkg"),
                 QStringLiteral("1.0"), folder});
    if (!maker.waitForFinished(-1) || maker.exitCode() != 0)
        qFatal("make_wheel.py failed: %s", maker.readAllStandardError().constData());
}

RunRequest request(const QByteArray &code, const QString &backend, const QString &wheelhouse, const QString &envs)
{
    RunRequest r;
    r.language = QStringLiteral("python");
    r.entryFile = QStringLiteral("main.py");
    r.sources = {{r.entryFile, code}};
    r.backend = backend;
    r.packages.wheelhouse = wheelhouse;
    r.packages.envs = envs;
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
    // Not under /tmp: the local sandbox's root covers the host's /tmp.
    QTemporaryDir dir(QStringLiteral("/var/tmp/bench-packages-XXXXXX"));
    // Readable by the sandbox's user, which as root is not root on the host.
    QFile::setPermissions(dir.path(), QFile::permissions(dir.path()) | QFile::ReadOther | QFile::ExeOther);
    const QString wheelhouse = dir.filePath(QStringLiteral("wheelhouse"));
    makeWheelhouse(wheelhouse);
    const QString cachedEnvs = dir.filePath(QStringLiteral("envs"));
    auto plainEngine = engineOn(docker);
    auto cachedEngine = engineOn(docker);
    auto installEngine = engineOn(docker);

    Samples plain, cached, install;
    int fresh = 0;
    const auto trial = [&](bool record) {
        const double p = engineRun(*plainEngine, request(kCode.toUtf8(), backend, wheelhouse, cachedEnvs));
        settle(150);
        const double c = engineRun(*cachedEngine, request(kWithPackage, backend, wheelhouse, cachedEnvs));
        settle(150);
        // A cache of its own each time: nothing installed yet.
        const QString envs = dir.filePath(QStringLiteral("fresh-%1").arg(++fresh));
        const double i = engineRun(*installEngine, request(kWithPackage, backend, wheelhouse, envs));
        settle(150);
        if (record) {
            plain.ms << p;
            cached.ms << c;
            install.ms << i;
        }
    };
    for (int i = 0; i < 3; ++i) // warm the page cache, the interpreter's imports and the cache
        trial(false);
    for (int i = 0; i < trials; ++i)
        trial(true);

    std::printf("A Python program with one declared package (%s), %d alternating trials each\n\n", qPrintable(backend),
                trials);
    printHeader();
    printRow("no requirements (baseline)", plain, plain.median());
    printRow("cached environment", cached, plain.median());
    printRow("first run: setup step installs, then runs", install, plain.median());
    return 0;
}
