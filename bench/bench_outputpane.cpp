// The output pane under a flood: tests/fixtures/flood_lines.py prints 1,000,000 lines
// (100 MB) as fast as it can, through the real engine (local sandbox), RunSession and the real
// OutputPane, shown on the offscreen platform. Trials alternate with the baseline, the same
// program with its stdout on /dev/null.
//
// Measured for each pane trial:
//   - the longest stall of the GUI event loop: the largest gap between two ticks of a 5 ms
//     precise timer, from Run until the pane has settled;
//   - what the longest stall was made of: the GUI thread's own work (its CPU time between the
//     two ticks) and its wait for a CPU while runnable (from /proc/thread-self/schedstat). On a
//     busy machine a stall can be the scheduler's, not the event loop's;
//   - settling: from runFinished until the pane has no text waiting to be drawn (to a tick);
//   - memory: VmHWM at the end minus VmRSS at the start, after resetting the peak through
//     /proc/self/clear_refs;
//   - the wall time from Run until settled, and its ratio to the baseline.
//
// With `locations`, the program is tests/fixtures/flood_locations.py instead: the same 100 MB,
// but every line is a traceback frame in the program itself, so every line drawn is a link
// (the worst case of the pane's link finding).
//
// Usage: bench_outputpane [TRIALS] [locations]   (QT_QPA_PLATFORM defaults to offscreen)

#include "benchprobes.h"
#include "benchstats.h"

#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "output/outputpane.h"
#include "run/runsession.h"
#include "settings/enginesettings.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTimer>

#include <ctime>
#include <fcntl.h>
#include <unistd.h>

using namespace Sandpit;
using namespace SandpitBench;

namespace {
struct Flood {
    QString name;
    QString lastLine; // how the pane shows the program's last line
};
const Flood kLines{QStringLiteral("flood_lines.py"), QStringLiteral("\n000999999 xxx")};
const Flood kLocations{QStringLiteral("flood_locations.py"),
                       QStringLiteral("\n  File \"/work/flood_locations.py\", line 000999999, in <module>xxx")};
Flood flood = kLines;
QString fixturePath()
{
    return QStringLiteral(SANDPIT_FIXTURES_DIR "/") + flood.name;
}
const QString kPython = QStringLiteral("/usr/bin/python3");
constexpr qint64 kExpectedBytes = 100'000'000;

double baselineRun()
{
    QElapsedTimer timer;
    timer.start();
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    p.start(kPython, {QStringLiteral("-u"), fixturePath()});
    p.waitForFinished(-1);
    if (p.exitCode() != 0)
        qFatal("the baseline run failed: %s", p.readAllStandardError().constData());
    return double(timer.nsecsElapsed()) / 1e6;
}

struct PaneTrial {
    double wallMs = 0;
    StallWatch::Stalls stalls;
    double settleMs = 0;
    double settleCpuMs = 0; // GUI-thread CPU time from runFinished until settled
    double growthMb = 0;
};

PaneTrial paneRun(Ui::RunSession &session, Ui::OutputPane &pane, const Core::Language *python, const QString &code)
{
    PaneTrial trial;
    QEventLoop loop;
    double finishedAt = -1;
    double finishedCpu = 0;
    StallWatch watch(&loop, [&](double now) {
        if (finishedAt >= 0 && !pane.hasPendingText()) {
            trial.settleMs = now - finishedAt;
            trial.settleCpuMs = threadCpuMs() - finishedCpu;
            loop.quit();
        }
    });
    const auto finished
        = QObject::connect(&session, &Ui::RunSession::runFinished, &loop, [&](const Core::RunResult &r) {
              if (r.killReason != Core::KillReason::None)
                  qFatal("the flood did not run to its end: %s", qPrintable(r.killDetail));
              finishedAt = watch.nowMs();
              finishedCpu = threadCpuMs();
          });
    const auto failed = QObject::connect(&session, &Ui::RunSession::runFailed, &loop, [](const Core::RunError &e) {
        qFatal("the run failed: %s", qPrintable(e.message));
    });

    resetPeakMemory();
    const qint64 rssBefore = statusKb("VmRSS");
    watch.start();
    session.run(python, flood.name, code);
    loop.exec();
    trial.wallMs = watch.nowMs();
    trial.stalls = watch.stalls();
    trial.growthMb = double(statusKb("VmHWM") - rssBefore) / 1024;
    QObject::disconnect(finished);
    QObject::disconnect(failed);

    if (pane.recordedBytes() != kExpectedBytes)
        qFatal("the pane received %lld bytes, not %lld", pane.recordedBytes(), kExpectedBytes);
    if (!pane.plainText().contains(flood.lastLine))
        qFatal("the pane does not show the last line");
    return trial;
}

/// The first output a window shows loads fonts and fills glyph caches (some 80 ms here). A
/// real window has shown output before a flood comes, so that is paid here, untimed.
void warmUp(Ui::RunSession &session, Ui::OutputPane &pane, const Core::Language *python)
{
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!session.isActive() && !pane.hasPendingText())
            loop.quit();
    });
    session.run(python, QStringLiteral("warm.py"),
                QStringLiteral("for i in range(200):\n    print(f'\\x1b[3{i % 8}mwarm {i}\\x1b[0m\\r', i)\n"));
    poll.start(20);
    loop.exec();
}

void settle(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

/// Wired as MainWindow wires them.
void wireAsTheWindow(Ui::RunSession &session, Ui::OutputPane &pane)
{
    QObject::connect(&session, &Ui::RunSession::runStarting, &pane, [&session, &pane] {
        pane.clear();
        pane.linkSources(session.placeReader());
    });
    QObject::connect(&session, &Ui::RunSession::outputReceived, &pane, &Ui::OutputPane::appendOutput);
    QObject::connect(&session, &Ui::RunSession::runFinished, &pane, &Ui::OutputPane::showFinished);
    QObject::connect(&session, &Ui::RunSession::runFailed, &pane, &Ui::OutputPane::showError);
    QObject::connect(&session, &Ui::RunSession::activeChanged, &pane, &Ui::OutputPane::setInputEnabled);
}

/// Prints the tables; true when every trial met the targets.
bool report(const QList<PaneTrial> &runs, const Samples &baseline, int trials)
{
    const Samples wall = collect(runs, [](auto &t) { return t.wallMs; });
    const Samples settleTimes = collect(runs, [](auto &t) { return t.settleMs; });
    const Samples growth = collect(runs, [](auto &t) { return t.growthMb; });
    const QList<StallWatch::Stalls> stalls = collectStalls(runs);
    std::printf("%s: 1,000,000 lines, 100 MB; %d alternating trials\n", qPrintable(flood.name), trials);
    std::printf("\n");
    printHeader();
    printRow("python3 -u, stdout on /dev/null", baseline, baseline.median());
    printRow("Sandpit: Run until the pane is settled", wall, baseline.median());
    printFiguresHeader("pane");
    printStallFigures(stalls);
    printFigure("runFinished to settled, ms", settleTimes, "<= 200");
    printFigure("  its GUI-thread work, ms", collect(runs, [](auto &t) { return t.settleCpuMs; }));
    printFigure("memory growth (VmHWM - VmRSS), MB", growth, "<= 64");
    const bool met = worst(collect(stalls, [](auto &s) { return s.longestMs; })) <= StallWatch::kTargetMs
        && worst(settleTimes) <= 200 && worst(growth) <= 64;
    std::printf("\nTargets %s.\n", met ? "met in every trial" : "MISSED");
    return met;
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int trials = argc > 1 ? QByteArray(argv[1]).toInt() : 5;
    if (argc > 2 && QByteArray(argv[2]) == "locations")
        flood = kLocations;

    QFile fixture(fixturePath());
    if (!fixture.open(QIODevice::ReadOnly))
        qFatal("missing %s", qPrintable(fixturePath()));
    const QString code = QString::fromUtf8(fixture.readAll());

    const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();
    Core::EngineSettings settings;
    settings.limits.outputBytes = 2 * kExpectedBytes;
    settings.limits.wallTimeMs = 120'000;
    Core::RunController controller(Core::makeBackends(languages, settings));
    Ui::RunSession session(controller, settings);

    Ui::OutputPane pane;
    pane.resize(1000, 400);
    pane.show();
    wireAsTheWindow(session, pane);

    const Core::Language *python = languages.find(QStringLiteral("python"));
    baselineRun(); // warm the page cache and the interpreter
    warmUp(session, pane, python);
    settle(500);

    Samples baseline;
    QList<PaneTrial> runs;
    for (int i = 0; i < trials; ++i) {
        baseline.ms << baselineRun();
        settle(300);
        runs << paneRun(session, pane, python, code);
        const PaneTrial &t = runs.last();
        std::fprintf(
            stderr,
            "trial %d: %.0f ms; longest stall %.1f ms (own work %.1f, waiting for a CPU %.1f); longest own work "
            "%.1f ms; settled %.1f ms (own work %.1f); +%.1f MB\n",
            i + 1, t.wallMs, t.stalls.longestMs, t.stalls.workMs, t.stalls.waitMs, t.stalls.longestWorkMs, t.settleMs,
            t.settleCpuMs, t.growthMb);
        settle(500); // the engine readies the next sandbox after a run
    }

    return report(runs, baseline, trials) ? 0 : 1;
}
