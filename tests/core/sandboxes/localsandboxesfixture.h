// What the tests of named local sandboxes share: a folder of sandboxes of their own, an engine
// that runs commands in them, and ways to look at what the helper left in /proc and the state.

#pragma once

#include "sandboxes/localsandboxes.h"
#include "support/runharness.h"

#include <QDirIterator>
#include <QTemporaryDir>

#include <unistd.h>

namespace SandpitTest {

class LocalSandboxesFixture : public QObject
{
protected:
    QTemporaryDir m_root{QDir::tempPath() + QStringLiteral("/tst_localsandboxes-XXXXXX")};

    LocalSandboxes store() const { return LocalSandboxes({.root = m_root.path()}); }

    std::unique_ptr<RunController> engine() const
    {
        LocalBackend::Config config;
        config.keepWarm = false;
        config.sandboxesRoot = m_root.path();
        std::vector<std::unique_ptr<Backend>> backends;
        backends.push_back(std::make_unique<LocalBackend>(LanguageRegistry::builtIn(), config));
        return std::make_unique<RunController>(std::move(backends));
    }

    static RunRequest exec(const QString &sandbox, const QStringList &command)
    {
        RunRequest request;
        request.backend = QStringLiteral("local");
        request.sandbox = sandbox;
        request.command = command;
        request.limits.wallTimeMs = 60'000;
        return request;
    }

    static RunRequest withFixture(RunRequest request)
    {
        const QString name = QStringLiteral("hold_memory.py");
        request.sources = {{name, fixture(QStringLiteral("named-local/") + name)}};
        request.entryFile = name;
        return request;
    }

    // A test that failed half-way must not leave its sandbox running: it outlives us by design.
    void removeAllSandboxes() const
    {
        LocalSandboxes sandboxes = store();
        for (const SandboxInfo &info : sandboxes.list().value_or(QList<SandboxInfo>{}))
            sandboxes.remove(info.name);
    }

    SandboxInfo created(const QString &name, qint64 memoryBytes = 0)
    {
        SandboxSpec spec;
        spec.name = name;
        spec.backend = QStringLiteral("local");
        spec.memoryBytes = memoryBytes;
        auto info = store().create(spec);
        if (!info)
            qFatal("create %s: %s", qPrintable(name), qPrintable(info.error().message));
        return *info;
    }

    QMap<QString, QString> state(const QString &name) const
    {
        return readKeyValueFile(m_root.path() + QLatin1Char('/') + name + QStringLiteral("/state"));
    }

    static ProcessIdentity process(const QMap<QString, QString> &state, const QString &who)
    {
        return {state.value(who + QStringLiteral("_pid")).toLongLong(),
                state.value(who + QStringLiteral("_start")).toLongLong()};
    }

    // The sandbox's processes, found by scanning /proc for the recorded pids and start times.
    static int livingProcesses(const QMap<QString, QString> &state)
    {
        return int(process(state, QStringLiteral("keeper")).isRunning())
            + int(process(state, QStringLiteral("init")).isRunning());
    }

    static QStringList cgroupsOf(const QMap<QString, QString> &state)
    {
        QStringList groups;
        for (const char *key : {"cgroup_memory", "cgroup_pids", "cgroup_cpu"}) {
            if (!state.value(QLatin1String(key)).isEmpty())
                groups << state.value(QLatin1String(key));
        }
        return groups;
    }

    static SandboxInfo listed(LocalSandboxes sandboxes, const QString &name)
    {
        const auto all = sandboxes.list();
        if (all) {
            for (const SandboxInfo &info : *all) {
                if (info.name == name)
                    return info;
            }
        }
        return {};
    }

    // Starts a command in `sandbox` that sleeps `seconds` (a number no other program uses), and
    // waits until it does; returns what marks the sleep's command line in /proc.
    QString startSleeping(RunController &controller, RunWatcher &sleeper, const QString &sandbox,
                          const QString &seconds)
    {
        sleeper.outcome.id = controller.start(exec(
            sandbox, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo asleep; sleep ") + seconds}));
        [&] {
            QTRY_VERIFY_WITH_TIMEOUT(sleeper.outcome.liveStdout.contains("asleep") || sleeper.done(), 30000);
            QVERIFY2(!sleeper.done(), why(sleeper.outcome).constData());
        }();
        const QString token = QStringLiteral("sleep") + QChar(0) + seconds;
        if (processesWithToken(token).isEmpty())
            QTest::qFail("the command's sleep is not running", __FILE__, __LINE__);
        return token;
    }
};

} // namespace SandpitTest
