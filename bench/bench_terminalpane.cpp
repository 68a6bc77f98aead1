// The Terminal tab under a flood: `yes | head -c 33333334` (16.7 million lines; 50 MB once the
// pty turns each "\n" into "\r\n") on a real pty, read on a thread of its own and handed to
// the GUI thread in batches as the engine hands a run's output over (at most 64 KB, or what
// came within 10 ms), into the real TerminalView shown at 1000x400 on the offscreen platform.
// Trials alternate with two baselines: the same pipeline with its stdout on /dev/null, and the
// same pty and reader with the batches dropped on arrival (what the flood costs without the
// view).
//
// Measured for each trial, as bench_outputpane measures the Output pane:
//   - the longest stall of the GUI event loop: the largest gap between two ticks of a 5 ms
//     precise timer, from the start until the view has settled, and what it was made of:
//     the GUI thread's own work (its CPU time in the gap) and its wait for a CPU while
//     runnable (/proc/thread-self/schedstat), since on a loaded machine a stall can be the
//     scheduler's; the target (50 ms) is on the GUI thread's work between two ticks;
//   - how much was skipped unread (plain lines that would have scrolled out of the
//     scrollback before they were drawn, see TerminalIntake);
//   - settling: from the end of the flood until the view has nothing waiting to feed;
//   - the wall time from the start until settled, its ratio to the baseline, and the
//     throughput in MB/s;
//   - memory: VmHWM at the end minus VmRSS at the start.
// Each view trial checks that every byte arrived and that the screen shows the last line.
//
// Usage: bench_terminalpane [TRIALS]   (QT_QPA_PLATFORM defaults to offscreen). It exits 1
// if the GUI thread worked more than 50 ms between two ticks in any trial.

#include "benchprobes.h"
#include "benchstats.h"

#include "terminal/terminalview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QThread>
#include <QTimer>

#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Sandpit;
using namespace SandpitBench;

namespace {
const QByteArray kFlood = "yes | head -c 33333334; echo the end";
constexpr qint64 kExpectedBytes = 33333334 / 2 * 3 + 9; // "y\r\n" per line, then "the end\r\n"
constexpr qsizetype kBatchBytes = 64 * 1024;
constexpr int kBatchMs = 10;

/// The flood on a pty of its own, read on a thread and batched as the engine batches output.
class PtyFlood final : public QThread
{
    Q_OBJECT
public:
    explicit PtyFlood(Core::TerminalSize size)
    {
        winsize ws{ushort(size.rows), ushort(size.columns), 0, 0};
        m_child = forkpty(&m_master, nullptr, nullptr, &ws);
        if (m_child < 0)
            qFatal("forkpty failed");
        if (m_child == 0) {
            execl("/bin/sh", "sh", "-c", kFlood.constData(), static_cast<char *>(nullptr));
            _exit(127);
        }
    }
    ~PtyFlood() override
    {
        wait();
        ::close(m_master);
        waitpid(m_child, nullptr, 0);
    }

Q_SIGNALS:
    void chunk(const QByteArray &bytes);
    void ended();

protected:
    void run() override
    {
        QByteArray batch;
        QElapsedTimer since;
        char buffer[16384];
        for (;;) {
            pollfd fd{m_master, POLLIN, 0};
            const int wait = batch.isEmpty() ? -1 : std::max<int>(0, kBatchMs - int(since.elapsed()));
            const int ready = ::poll(&fd, 1, wait);
            if (ready > 0) {
                const ssize_t n = ::read(m_master, buffer, sizeof buffer);
                if (n <= 0)
                    break; // EIO: the last writer closed the pty
                if (batch.isEmpty())
                    since.start();
                batch.append(buffer, n);
            }
            if (!batch.isEmpty() && (batch.size() >= kBatchBytes || since.elapsed() >= kBatchMs))
                Q_EMIT chunk(std::exchange(batch, {}));
        }
        if (!batch.isEmpty())
            Q_EMIT chunk(batch);
        Q_EMIT ended();
    }

private:
    int m_master = -1;
    pid_t m_child = -1;
};

struct Trial {
    double wallMs = 0;
    StallWatch::Stalls stalls;
    double settleMs = 0;
    double growthMb = 0;
    qint64 bytes = 0;
    qint64 skipped = 0;
};

/// One flood into `view`, or with none, into nothing.
Trial floodRun(Ui::TerminalView *view)
{
    Trial trial;
    QEventLoop loop;
    double endedAt = -1;
    StallWatch watch(&loop, [&](double now) {
        if (endedAt >= 0 && (!view || !view->hasPendingOutput())) {
            trial.settleMs = now - endedAt;
            loop.quit();
        }
    });
    if (view)
        view->clearAll();
    PtyFlood flood(view ? view->screen().size() : Core::TerminalSize{});
    QObject::connect(&flood, &PtyFlood::chunk, &loop, [&](const QByteArray &bytes) {
        trial.bytes += bytes.size();
        if (view)
            view->appendOutput(bytes);
    });
    QObject::connect(&flood, &PtyFlood::ended, &loop, [&] { endedAt = watch.nowMs(); });
    const qint64 skippedBefore = view ? view->skippedBytes() : 0;
    resetPeakMemory();
    const qint64 rssBefore = statusKb("VmRSS");
    watch.start();
    flood.start();
    loop.exec();
    trial.wallMs = watch.nowMs();
    trial.stalls = watch.stalls();
    trial.growthMb = double(statusKb("VmHWM") - rssBefore) / 1024;
    trial.skipped = view ? view->skippedBytes() - skippedBefore : 0;
    if (trial.bytes != kExpectedBytes)
        qFatal("%lld bytes arrived, not %lld", trial.bytes, kExpectedBytes);
    if (view && view->screen().lineText(view->screen().cursor().y() - 1) != QStringLiteral("the end"))
        qFatal("the terminal does not show the last line");
    return trial;
}

double baselineRun()
{
    QElapsedTimer timer;
    timer.start();
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QString::fromLatin1(kFlood)});
    p.waitForFinished(-1);
    return double(timer.nsecsElapsed()) / 1e6;
}

bool report(const QList<Trial> &views, const QList<Trial> &bare, const Samples &baseline, int trials)
{
    const Samples wall = collect(views, [](auto &t) { return t.wallMs; });
    const Samples bareWall = collect(bare, [](auto &t) { return t.wallMs; });
    std::printf("`%s` on a pty: %lld bytes; %d alternating trials\n\n", kFlood.constData(), kExpectedBytes, trials);
    printHeader();
    printRow("sh -c '...' > /dev/null (baseline)", baseline, baseline.median());
    printRow("pty + reader, batches dropped", bareWall, baseline.median());
    printRow("pty + reader + TerminalView, settled", wall, baseline.median());
    std::printf("\nskipped unread (would have scrolled out of the scrollback): %.1f MB of %.1f MB per trial\n",
                double(views.last().skipped) / 1e6, double(kExpectedBytes) / 1e6);
    std::printf("\nthroughput into the view: %.1f MB/s (median)\n", double(kExpectedBytes) / 1e3 / wall.median());
    printFiguresHeader("view");
    const QList<StallWatch::Stalls> stalls = collectStalls(views);
    printStallFigures(stalls);
    printFigure("settled after the flood ended, ms", collect(views, [](auto &t) { return t.settleMs; }));
    printFigure("memory growth, MB", collect(views, [](auto &t) { return t.growthMb; }));
    printFigure("longest stall without the view, ms", collect(collectStalls(bare), [](auto &s) { return s.longestMs; }));
    return worst(collect(stalls, [](auto &s) { return s.longestWorkMs; })) <= StallWatch::kTargetMs;
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int trials = argc > 1 ? std::max(1, atoi(argv[1])) : 5;
    Ui::TerminalView view;
    view.resize(1000, 400);
    view.show();
    // The first paint loads fonts and fills glyph caches, once per window, untimed.
    view.appendOutput("\x1b[32mwarm\x1b[0m\r\n");
    view.flush();
    view.repaint();
    QList<Trial> views;
    QList<Trial> bare;
    Samples baseline;
    for (int i = 0; i < trials; ++i) {
        baseline.ms << baselineRun();
        bare << floodRun(nullptr);
        views << floodRun(&view);
    }
    return report(views, bare, baseline, trials) ? 0 : 1;
}

#include "bench_terminalpane.moc"
