// The Docker backend's soak: 200 sequential runs through one RunController against the real
// daemon, some of them stopped (time limit, Stop, output limit, memory limit). Afterwards
// nothing of them may remain: no container, no workspace folder, no process. Needs
// sandpit-offline/python:3.11 (packaging/docker/build-offline-images.sh).
#include "files/runfolders.h"
#include "support/dockerharness.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <optional>

using namespace SandpitTest;

namespace {
constexpr int kRuns = 200;
// Every 25th run is stopped instead of ending by itself, in turn by each of these.
constexpr int kStoppedEvery = 25;
enum class Stop { Timeout, Cancel, OutputLimit, Memory };
constexpr Stop kStops[] = {Stop::Timeout, Stop::Cancel, Stop::OutputLimit, Stop::Memory};

QString ownPid()
{
    return QString::number(QCoreApplication::applicationPid());
}

struct Container {
    QString id;
    QString state;   ///< "created", "running", "exited", ...
    QString workDir; ///< the host folder bound at /work
    /// Never handed to a run: a warm container of the pool, created or started and waiting,
    /// whose folder holds no program yet.
    bool unused() const
    {
        return (state == QLatin1String("created") || state == QLatin1String("running"))
            && !QFile::exists(workDir + QStringLiteral("/main.py"));
    }
};

/// The Sandpit containers this process owns. Filtering by owner keeps containers of Sandpits
/// running beside the test out of it.
QList<Container> ownContainers()
{
    QList<Container> containers;
    for (const QJsonObject &c : containersOwnedBy(QCoreApplication::applicationPid())) {
        Container container{c.value(QLatin1String("Id")).toString(), c.value(QLatin1String("State")).toString(), {}};
        for (const QJsonValue &mount : c.value(QLatin1String("Mounts")).toArray()) {
            if (mount.toObject().value(QLatin1String("Destination")).toString()
                == QLatin1String(DockerContainer::kWorkDir))
                container.workDir = mount.toObject().value(QLatin1String("Source")).toString();
        }
        containers << container;
    }
    return containers;
}

/// "running (used)" and the like, for failure messages.
QByteArray describe(const QList<Container> &containers)
{
    QStringList words;
    for (const Container &c : containers)
        words << c.id.left(12) + QLatin1Char(' ') + c.state
                + (c.unused() ? QStringLiteral(" (unused)") : QStringLiteral(" (used)"));
    return words.join(QStringLiteral(", ")).toUtf8();
}

bool onlyOneUnusedRemains()
{
    const QList<Container> containers = ownContainers();
    return containers.size() <= 1
        && std::all_of(containers.cbegin(), containers.cend(), [](const Container &c) { return c.unused(); });
}

/// Workspace folders (Workspace::create: the user's folder for runs, sandpit-run-*) that name
/// this process as their owner.
QStringList ownWorkspaces()
{
    QStringList own;
    const QDir temp(RunFolders::candidates().constFirst());
    for (const QString &name : temp.entryList({QStringLiteral("sandpit-run-*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile owner(temp.filePath(name + QStringLiteral("/owner")));
        if (owner.open(QIODevice::ReadOnly) && owner.readAll().trimmed() == ownPid().toLatin1())
            own << name;
    }
    return own;
}

int entriesIn(const QString &procFolder)
{
    return int(QDir(procFolder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size());
}

qint64 median(QList<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

/// How run `i` is stopped, or nothing when it ends by itself.
std::optional<Stop> stopOf(int i)
{
    if (i % kStoppedEvery != kStoppedEvery - 1)
        return std::nullopt;
    return kStops[(i / kStoppedEvery) % std::size(kStops)];
}

/// Run `i`: a small program that prints its number, or one that will be stopped by `stop`.
RunRequest soakRequest(int i, std::optional<Stop> stop, const QString &token)
{
    if (!stop) {
        const QByteArray small = "import sys\nprint('run', sys.argv[1], flush=True)\n";
        return pythonRequest(small, {QString::number(i), token});
    }
    RunRequest request;
    switch (*stop) {
    case Stop::Timeout:
    case Stop::Cancel:
        request = pythonRequest(fixture(QStringLiteral("sleeper.py")), {token});
        request.limits.wallTimeMs = *stop == Stop::Timeout ? 1000 : 60'000;
        break;
    case Stop::OutputLimit:
        request = pythonRequest(fixture(QStringLiteral("flood_stdout.py")), {token});
        request.limits.outputBytes = 4096;
        break;
    case Stop::Memory:
        // Another container key: the pool's warm container does not fit and is replaced, so
        // the discard path is soaked too.
        request = pythonRequest(fixture(QStringLiteral("attacks/memory_bomb.py")), {token});
        request.limits.memoryBytes = 64LL * 1024 * 1024;
        break;
    }
    return request;
}

/// What the process holds before the soak, to compare with what it holds after.
struct Holdings {
    QSet<QString> workspaces;
    int descriptors = 0;
    int threads = 0;

    static Holdings now()
    {
        const QStringList workspaces = ownWorkspaces();
        return {QSet<QString>(workspaces.cbegin(), workspaces.cend()), entriesIn(QStringLiteral("/proc/self/fd")),
                entriesIn(QStringLiteral("/proc/self/task"))};
    }
};
} // namespace

class TestDockerSoak : public QObject
{
    Q_OBJECT

private:
    /// Runs run `i` to its end and checks its result; an end by itself adds its time to `latencies`.
    void runOne(RunController &controller, int i, const QString &token, QList<qint64> &latencies)
    {
        const std::optional<Stop> stop = stopOf(i);
        QElapsedTimer clock;
        clock.start();
        RunWatcher watcher(controller);
        watcher.outcome.id = controller.start(soakRequest(i, stop, token));
        if (stop == Stop::Cancel) {
            QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("going to sleep"), 30000);
            controller.cancel(watcher.outcome.id);
        }
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
        const Outcome &o = watcher.outcome;
        const QByteArray where = "run " + QByteArray::number(i) + ": ";
        QVERIFY2(o.result, (where + (o.error ? o.error->message.toUtf8() : QByteArray("no result"))).constData());
        QCOMPARE(o.result->backend, QStringLiteral("docker"));
        if (stop) {
            checkStopped(*o.result, *stop);
            return;
        }
        latencies << clock.elapsed();
        QVERIFY2(o.result->succeeded(), (where + o.result->killDetail.toUtf8()).constData());
        QCOMPARE(o.result->stdoutData, "run " + QByteArray::number(i) + '\n');
        QCOMPARE(o.result->stderrData, QByteArray());
    }

    void checkStopped(const RunResult &result, Stop stop)
    {
        switch (stop) {
        case Stop::Timeout:
            QCOMPARE(result.killReason, KillReason::Timeout);
            QCOMPARE(result.stdoutData, QByteArray("going to sleep\n"));
            break;
        case Stop::Cancel:
            QCOMPARE(result.killReason, KillReason::Cancelled);
            break;
        case Stop::OutputLimit:
            QCOMPARE(result.killReason, KillReason::OutputLimit);
            QCOMPARE(result.stdoutData.size(), 4096);
            QVERIFY(result.stdoutTruncated);
            break;
        case Stop::Memory:
            QCOMPARE(result.killReason, KillReason::Memory);
            break;
        }
        QCOMPARE(result.exitCode, std::nullopt);
    }

    /// Shuts the engine down and checks that nothing of the soak outlives it.
    void checkNothingRemains(std::unique_ptr<RunController> controller, const Holdings &before, const QString &token)
    {
        QVERIFY2(!processWithTokenExists(token), "a program of the soak is still running");
        // While the engine lives, only the pool's warm container (never used) and its
        // workspace may remain, once the background removal has caught up.
        QTRY_VERIFY2_WITH_TIMEOUT(onlyOneUnusedRemains(), describe(ownContainers()).constData(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(ownWorkspaces().size() <= 1, 15000);

        QElapsedTimer shutdown;
        shutdown.start();
        controller.reset();
        qInfo("engine shut down in %lld ms", shutdown.elapsed());
        QVERIFY2(ownContainers().isEmpty(), describe(ownContainers()).constData());
        const Holdings after = Holdings::now();
        QCOMPARE(after.workspaces, before.workspaces);
        QVERIFY2(!processWithTokenExists(token), "a program of the soak outlived the engine");
        // Every stream, connection and thread of 200 runs is closed again (a few of libcurl's
        // and Qt's own that live for the process are allowed).
        qInfo("descriptors %d -> %d, threads %d -> %d", before.descriptors, after.descriptors, before.threads,
              after.threads);
        QVERIFY2(after.descriptors <= before.descriptors + 4,
                 qPrintable(QStringLiteral("%1 -> %2 descriptors").arg(before.descriptors).arg(after.descriptors)));
        QVERIFY2(after.threads <= before.threads + 2,
                 qPrintable(QStringLiteral("%1 -> %2 threads").arg(before.threads).arg(after.threads)));
    }

private Q_SLOTS:
    void twoHundredRunsLeaveNothingBehind()
    {
        const QString token = uniqueToken(); // in every program's command line
        QCOMPARE(ownContainers().size(), 0);
        const Holdings before = Holdings::now();

        auto controller = dockerController();
        QList<qint64> latencies;
        int mostContainers = 0;
        QElapsedTimer total;
        total.start();
        for (int i = 0; i < kRuns; ++i) {
            runOne(*controller, i, token, latencies);
            if (QTest::currentTestFailed())
                return;
            // Used containers are removed in the background after their result: count them,
            // to see whether removal keeps up.
            mostContainers = std::max(mostContainers, int(ownContainers().size()));
        }
        const qint64 runsMs = total.elapsed();
        qInfo("%d runs in %lld ms; runs that ended by themselves: median %lld ms, slowest %lld ms; at most %d "
              "containers at once",
              kRuns, runsMs, median(latencies),
              latencies.isEmpty() ? 0LL : *std::max_element(latencies.cbegin(), latencies.cend()), mostContainers);
        checkNothingRemains(std::move(controller), before, token);
    }
};

QTEST_GUILESS_MAIN(TestDockerSoak)
#include "tst_dockersoak.moc"
