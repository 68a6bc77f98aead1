// Docker named sandboxes against the real daemon, through the store and the engine as the
// window and the command line use them: a sandbox made from an offline image, commands run in
// it as ordinary runs (RunRequest::sandbox), its files and its memory limit shared by all its
// commands, its log, and nothing left after rm. Needs dockerd and sandpit-offline/bash:5 and
// sandpit-offline/python:3.11 (packaging/docker/build-offline-images.sh).
#include "docker/dockerbackend.h"
#include "docker/dockersandboxes.h"
#include "docker/dockersandboxinspect.h"
#include "engine/runcontroller.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <future>
#include <unistd.h>

#include "../../support/runharness.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
const QString kBash = QStringLiteral("sandpit-offline/bash:5");
const QString kPython = QStringLiteral("sandpit-offline/python:3.11");
constexpr qint64 kMegabyte = 1024 * 1024;
} // namespace

class TestDockerSandboxes : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_state;
    QProcessEnvironment m_environment;
    std::shared_ptr<DockerConnector> m_connector;
    std::unique_ptr<DockerSandboxes> m_store;
    std::unique_ptr<RunController> m_engine;
    QStringList m_made;
    int m_count = 0;

    /// A name no other test run on this daemon uses at the same time.
    QString uniqueName() { return QStringLiteral("tst-%1-%2").arg(::getpid()).arg(++m_count); }

    QString create(const QString &image, qint64 memoryBytes = 0)
    {
        SandboxSpec spec;
        spec.name = uniqueName();
        spec.backend = QStringLiteral("docker");
        spec.image = image;
        spec.memoryBytes = memoryBytes;
        spec.labels.insert(QStringLiteral("course"), QStringLiteral("cs101"));
        const auto made = m_store->create(spec);
        if (!made)
            qWarning("create failed: %s", qPrintable(made.error().message));
        m_made << spec.name;
        return made ? made->name : QString();
    }

    Outcome exec(const QString &name, const QStringList &command, const QList<SourceFile> &sources = {})
    {
        RunRequest request;
        request.sources = sources;
        request.backend = QStringLiteral("docker");
        request.sandbox = name;
        request.command = command;
        request.limits.wallTimeMs = 0;
        return runToEnd(*m_engine, request, 60000);
    }

    /// Whether the daemon still has a container of this sandbox's name (the API, not our store).
    bool containerExists(const QString &name)
    {
        const auto client = m_connector->client();
        const auto response = client->call("GET", QStringLiteral("/containers/sandpit-%1/json").arg(name));
        return !response || response->status != 404;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_state.isValid());
        m_environment = QProcessEnvironment::systemEnvironment();
        m_environment.insert(QStringLiteral("XDG_STATE_HOME"), m_state.path());
        m_connector
            = std::make_shared<DockerConnector>(m_environment.value(QStringLiteral("DOCKER_HOST")), m_environment);
        QVERIFY2(m_connector->client(), "these tests need a Docker daemon");
        DockerSandboxes::Config config;
        config.environment = m_environment;
        config.defaultImage = kPython;
        m_store = std::make_unique<DockerSandboxes>(m_connector, config);
        DockerBackend::Config backend;
        backend.environment = m_environment;
        backend.keepWarm = false;
        std::vector<std::unique_ptr<Backend>> backends;
        backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry{}, backend));
        m_engine = std::make_unique<RunController>(std::move(backends));
    }

    void cleanupTestCase()
    {
        for (const QString &name : std::as_const(m_made))
            m_store->remove(name);
    }

    void execPassesArgumentsAndExitStatus()
    {
        const QString name = create(kBash);
        QVERIFY(!name.isEmpty());
        const Outcome o = exec(name,
                               {QStringLiteral("sh"), QStringLiteral("-c"),
                                QStringLiteral("echo \"[$1] [$2]\"; echo oops >&2; exit 7"), QStringLiteral("sh"),
                                QStringLiteral("one two"), QStringLiteral("three")});
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.liveStdout, QByteArray("[one two] [three]\n"));
        QCOMPARE(o.liveStderr, QByteArray("oops\n"));
        QCOMPARE(o.result->exitCode, 7);
        QCOMPARE(o.result->killReason, KillReason::None);
        // Read from the container as the daemon has it: nothing of this computer writable.
        QCOMPARE(o.result->isolation.level, IsolationReport::Level::Full);
    }

    void filesPersistBetweenCommands()
    {
        const QString name = create(kBash);
        QVERIFY(
            exec(name, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo kept > notes.txt")}).result);
        const Outcome o = exec(name, {QStringLiteral("cat"), QStringLiteral("/work/notes.txt")});
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.liveStdout, QByteArray("kept\n"));
    }

    void commandsRunUnderTheFilterAsNobody()
    {
        const QString name = create(kBash);
        const Outcome o = exec(
            name,
            {QStringLiteral("sh"), QStringLiteral("-c"),
             QStringLiteral(
                 "id -u; grep ^Seccomp: /proc/self/status; cat /sys/class/net/*/operstate 2>/dev/null | wc -l")});
        QVERIFY2(o.result, why(o));
        const QList<QByteArray> lines = o.liveStdout.split('\n');
        QVERIFY2(lines.value(0) != "0", o.liveStdout);
        QCOMPARE(lines.value(1).simplified(), QByteArray("Seccomp: 2"));
    }

    void memoryLimitHoldsAcrossCommands()
    {
        const QString name = create(kPython, 100 * kMegabyte);
        // The fixtures go in as a run's sources do, through the archive API into /work.
        const QList<SourceFile> sources{
            {QStringLiteral("hold_memory.py"), fixture(QStringLiteral("named-docker/hold_memory.py"))},
            {QStringLiteral("allocate_memory.py"), fixture(QStringLiteral("named-docker/allocate_memory.py"))}};
        // Alone, 60 MB fits in 100: the limit is not simply too small.
        const Outcome alone = exec(
            name, {QStringLiteral("python3"), QStringLiteral("allocate_memory.py"), QStringLiteral("60")}, sources);
        QVERIFY2(alone.result, why(alone));
        QCOMPARE(alone.result->exitCode, 0);
        QCOMPARE(alone.liveStdout, QByteArray("allocated 60 MB\n"));
        const Outcome held = exec(name,
                                  {QStringLiteral("sh"), QStringLiteral("-c"),
                                   QStringLiteral("python3 hold_memory.py 60 >/dev/null 2>&1 &")});
        QVERIFY2(held.result, why(held));
        QTRY_VERIFY_WITH_TIMEOUT(find(name).memoryBytes > 55 * kMegabyte, 20000);
        const Outcome o
            = exec(name, {QStringLiteral("python3"), QStringLiteral("allocate_memory.py"), QStringLiteral("60")});
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::Memory);
        QVERIFY2(o.result->killDetail.contains(QStringLiteral("100 MB")), qPrintable(o.result->killDetail));
        QVERIFY(!o.liveStdout.contains("allocated"));
        // The sandbox itself lives on.
        QVERIFY(exec(name, {QStringLiteral("true")}).result);
    }

    void cancelKillsEveryProcessOfTheCommandNotTheSandbox_data()
    {
        QTest::addColumn<bool>("shell");
        QTest::newRow("command") << false;
        QTest::newRow("interactive shell") << true;
    }

    void cancelKillsEveryProcessOfTheCommandNotTheSandbox()
    {
        QFETCH(bool, shell);
        const QString name = create(kBash);
        RunRequest request;
        request.backend = QStringLiteral("docker");
        request.sandbox = name;
        // A background job, a child in a session of its own, and one orphaned to PID 1.
        const QByteArray script = "sleep 301 & setsid sleep 302 & setsid -f sleep 303; echo sta''rted; wait\n";
        request.command = {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(script)};
        if (shell) { // bash with job control: each job a process group, and setsid forks there
            request.command = {QStringLiteral("bash"), QStringLiteral("-i")};
            request.terminal = TerminalSize{};
        }
        request.limits.wallTimeMs = 0;
        RunWatcher watcher(*m_engine);
        watcher.outcome.id = m_engine->start(request);
        if (shell)
            m_engine->writeInput(watcher.outcome.id, script);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.outcome.liveStdout.contains("started"), 30000);
        QCOMPARE(sleepersIn(name), 3);
        m_engine->cancel(watcher.outcome.id);
        QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 30000);
        QVERIFY(watcher.outcome.result);
        QCOMPARE(watcher.outcome.result->killReason, KillReason::Cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(sleepersIn(name), 0, 10000);
        const Outcome after = exec(name, {QStringLiteral("echo"), QStringLiteral("still here")});
        QVERIFY2(after.result, why(after));
        QCOMPARE(after.liveStdout, QByteArray("still here\n"));
    }

    void logsKeepEveryCommandsOutput()
    {
        const QString name = create(kBash);
        exec(name, {QStringLiteral("echo"), QStringLiteral("first")});
        const auto before = m_store->logs(name);
        QVERIFY(before);
        exec(name, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo second >&2")});
        const auto all = m_store->logs(name);
        QVERIFY(all);
        QVERIFY2(all->bytes.contains("$ echo first\nfirst\n"), all->bytes.constData());
        QVERIFY2(all->bytes.contains("second\n"), all->bytes.constData());
        // From an offset: only what came after it, as `logs --follow` reads it.
        const auto later = m_store->logs(name, before->end);
        QVERIFY(later);
        QVERIFY(!later->bytes.contains("first"));
        QVERIFY(later->bytes.contains("second"));
        QCOMPARE(later->end, all->end);
    }

    void twoClientsRunInOneSandboxAtOnce()
    {
        const QString name = create(kBash);
        // Two engines, as two windows or a window and a terminal have: each waits for the
        // other's file before it ends, so they can only both finish if they ran together.
        const auto engine = [&] {
            DockerBackend::Config backend;
            backend.environment = m_environment;
            backend.keepWarm = false;
            std::vector<std::unique_ptr<Backend>> backends;
            backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry{}, backend));
            return std::make_unique<RunController>(std::move(backends));
        };
        const auto request = [&](const char *mine, const char *theirs) {
            RunRequest r;
            r.backend = QStringLiteral("docker");
            r.sandbox = name;
            r.limits.wallTimeMs = 0;
            r.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                         QStringLiteral("touch %1; until [ -e %2 ]; do sleep 0.05; done; echo %1 saw %2")
                             .arg(QLatin1String(mine), QLatin1String(theirs))};
            return r;
        };
        const auto first = engine();
        const auto second = engine();
        RunWatcher one(*first);
        RunWatcher two(*second);
        one.outcome.id = first->start(request("one", "two"));
        two.outcome.id = second->start(request("two", "one"));
        QTRY_VERIFY_WITH_TIMEOUT(one.done() && two.done(), 30000);
        QVERIFY(one.outcome.result && two.outcome.result);
        QCOMPARE(one.outcome.liveStdout, QByteArray("one saw two\n"));
        QCOMPARE(two.outcome.liveStdout, QByteArray("two saw one\n"));
        // Both logged, each line whole.
        const auto log = m_store->logs(name);
        QVERIFY(log && log->bytes.contains("one saw two\n") && log->bytes.contains("two saw one\n"));
    }

    void listShowsWhatRunsAndWhose()
    {
        const QString name = create(kBash, 128 * kMegabyte);
        const auto listed = m_store->list();
        QVERIFY(listed);
        const auto it
            = std::find_if(listed->begin(), listed->end(), [&](const SandboxInfo &s) { return s.name == name; });
        QVERIFY(it != listed->end());
        QCOMPARE(it->backend, QStringLiteral("docker"));
        QCOMPARE(it->state, SandboxInfo::State::Running);
        QCOMPARE(it->image, kBash);
        QCOMPARE(it->memoryLimit, 128 * kMegabyte);
        QVERIFY(it->memoryBytes > 0);
        QVERIFY(it->since.isValid());
        QCOMPARE(it->labels, (QMap<QString, QString>{{QStringLiteral("course"), QStringLiteral("cs101")}}));
        QCOMPARE(it->owner, DockerSandboxInspect::thisOwner());
        QVERIFY(!it->ownerGone);
    }

    void stopThenRemoveLeavesNothing()
    {
        const QString name = create(kBash);
        QVERIFY(m_store->stop(name));
        const auto listed = m_store->list();
        QVERIFY(listed);
        const auto it
            = std::find_if(listed->begin(), listed->end(), [&](const SandboxInfo &s) { return s.name == name; });
        QVERIFY(it != listed->end());
        QCOMPARE(it->state, SandboxInfo::State::Stopped);
        const Outcome refused = exec(name, {QStringLiteral("true")});
        QVERIFY(refused.error);
        QVERIFY2(refused.error->message.contains(QStringLiteral("not running")), qPrintable(refused.error->message));
        QVERIFY(m_store->remove(name));
        QVERIFY(!containerExists(name));
        QVERIFY(!QFile::exists(m_state.filePath(QStringLiteral("sandpit/sandboxes/docker/") + name)));
    }

    // start: the container Docker kept, as it was made. Its own /work is a tmpfs volume, which
    // Docker mounts afresh at each start.
    void aStoppedSandboxStartsAgainAsItWasMade()
    {
        const QString name = create(kBash, 64 * kMegabyte);
        QVERIFY(
            exec(name, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo x > /work/a; echo before")})
                .result);
        QVERIFY(m_store->stop(name));
        const auto started = m_store->start(name);
        QVERIFY2(started, started ? "" : qPrintable(started.error().message));
        QCOMPARE(started->state, SandboxInfo::State::Running);
        QCOMPARE(started->memoryLimit, 64 * kMegabyte);
        QCOMPARE(started->labels.value(QStringLiteral("course")), QStringLiteral("cs101"));
        const Outcome o
            = exec(name, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("ls -A /work; echo after")});
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.liveStdout, QByteArray("after\n"));
        const QByteArray log = m_store->logs(name)->bytes;
        QVERIFY2(log.contains("before\n") && log.endsWith("after\n"), log.constData());
        const auto again = m_store->start(name);
        QVERIFY(!again);
        QVERIFY2(again.error().message.contains(QStringLiteral("running already")), qPrintable(again.error().message));
        QVERIFY(!m_store->start(QStringLiteral("tst-no-such-sandbox")));
    }

    void removeOfARunningSandboxLeavesNothing()
    {
        const QString name = create(kBash);
        QVERIFY(exec(name, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 300 >/dev/null 2>&1 &")})
                    .result);
        QVERIFY(m_store->remove(name));
        QVERIFY(!containerExists(name));
    }

    void twoCreatesOfOneNameLeaveTheWinnersSandboxWhole()
    {
        // As two `sandpit sandbox create` at once: each its own store and connection.
        SandboxSpec spec;
        spec.name = uniqueName();
        spec.image = kBash;
        m_made << spec.name;
        const auto createOnce = [&] {
            auto connector
                = std::make_shared<DockerConnector>(m_environment.value(QStringLiteral("DOCKER_HOST")), m_environment);
            DockerSandboxes::Config config;
            config.environment = m_environment;
            return DockerSandboxes(connector, config).create(spec);
        };
        auto first = std::async(std::launch::async, createOnce);
        auto second = std::async(std::launch::async, createOnce);
        const auto a = first.get();
        const auto b = second.get();
        QCOMPARE(int(bool(a)) + int(bool(b)), 1);
        const RunError &refusal = a ? b.error() : a.error();
        QVERIFY2(refusal.message.contains(QStringLiteral("exists already")), qPrintable(refusal.message));
        // The loser removed nothing of the winner's: its filter and its log are still there.
        const Outcome ran = exec(spec.name, {QStringLiteral("echo"), QStringLiteral("still whole")});
        QVERIFY2(ran.result, ran.error ? qPrintable(ran.error->message) : "");
        QCOMPARE(ran.result->exitCode, 0);
        const auto logged = m_store->logs(spec.name, 0);
        QVERIFY(logged);
        QVERIFY2(logged->bytes.contains("still whole"), logged->bytes.constData());
    }

    void aFolderLeftByACrashedCreateDoesNotHoldTheName()
    {
        SandboxSpec spec;
        spec.name = uniqueName();
        spec.image = kBash;
        m_made << spec.name;
        QVERIFY(QDir().mkpath(m_state.filePath(QStringLiteral("sandpit/sandboxes/docker/%1/control").arg(spec.name))));
        const auto made = m_store->create(spec);
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        QVERIFY(exec(spec.name, {QStringLiteral("true")}).result);
    }

    void onlyTheContainersOwnProcessIsTakenForItsFirst()
    {
        // What a VM engine's State.Pid may name here: some process of ours, not the container's.
        const QString name = create(kBash);
        const auto client = m_connector->client();
        const auto inspect = DockerSandboxInspect::inspect(*client, name);
        QVERIFY(inspect);
        const QString id = inspect->value(QLatin1String("Id")).toString();
        const qint64 pid = inspect->value(QLatin1String("State")).toObject().value(QLatin1String("Pid")).toInteger();
        QVERIFY(DockerSandboxInspect::isProcessOf(pid, id));
        QVERIFY(!DockerSandboxInspect::isProcessOf(::getpid(), id));
    }

    void badNamesAndImagesAreSaidClearly()
    {
        const QString name = create(kBash);
        SandboxSpec taken;
        taken.name = name;
        taken.image = kBash;
        const auto again = m_store->create(taken);
        QVERIFY(!again);
        QVERIFY2(again.error().message.contains(QStringLiteral("exists already")), qPrintable(again.error().message));

        SandboxSpec missing;
        missing.name = uniqueName();
        missing.image = QStringLiteral("sandpit-offline/no-such-image:1");
        const auto made = m_store->create(missing);
        QVERIFY(!made);
        QCOMPARE(made.error().code, RunError::Code::MissingImage);
        QVERIFY(!containerExists(missing.name));

        const Outcome unknown = exec(QStringLiteral("tst-no-such-sandbox"), {QStringLiteral("true")});
        QVERIFY(unknown.error);
        QVERIFY2(unknown.error->message.contains(QStringLiteral("no sandbox named tst-no-such-sandbox")),
                 qPrintable(unknown.error->message));
        QVERIFY(!m_store->stop(QStringLiteral("tst-no-such-sandbox")));
        QVERIFY(!m_store->remove(QStringLiteral("tst-no-such-sandbox")));

        SandboxSpec badName;
        badName.name = QStringLiteral("../etc");
        QVERIFY(!m_store->create(badName));
    }

    void aSandboxThatEndedByItselfIsDeadWithTheReason()
    {
        const QString name = create(kBash);
        // Killed behind Sandpit's back (not `sandpit sandbox kill`): it did not ask for it.
        const auto client = m_connector->client();
        QVERIFY(client);
        const auto killed = client->call("POST", QStringLiteral("/containers/sandpit-%1/kill").arg(name));
        QVERIFY(killed && killed->ok());
        SandboxInfo info;
        QTRY_VERIFY_WITH_TIMEOUT((info = find(name)).state == SandboxInfo::State::Dead, 30000);
        QCOMPARE(info.endReason, QStringLiteral("Its first process was killed by SIGKILL."));
        const Outcome refused = exec(name, {QStringLiteral("true")});
        QVERIFY(refused.error);
        QVERIFY2(refused.error->message.contains(QStringLiteral("SIGKILL")), qPrintable(refused.error->message));
    }

    void signalsFromInsideDoNotEndTheSandbox()
    {
        const QString name = create(kBash);
        for (const char *signal : {"TERM", "INT", "HUP"}) {
            const Outcome o = exec(
                name,
                {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -%1 1").arg(QLatin1String(signal))});
            QVERIFY2(o.result, why(o));
            QCOMPARE(o.result->exitCode, 0);
            const Outcome after = exec(name, {QStringLiteral("echo"), QStringLiteral("still here")});
            QVERIFY2(after.result, why(after));
            QCOMPARE(after.liveStdout, QByteArray("still here\n"));
        }
        QCOMPARE(find(name).state, SandboxInfo::State::Running);
        // `stop` still ends it, after Docker's grace period, and says it was stopped.
        QVERIFY(m_store->stop(name));
        QCOMPARE(find(name).state, SandboxInfo::State::Stopped);
    }

    void aWorkspaceOfRootsIsRefusedAndNobodysRunsAsNobody()
    {
        QTemporaryDir workspace;
        const SandboxSpec spec = workspaceSpec(workspace.path());
        if (::getuid() == 0) {
            // Commands as uid 0 could leave a setuid-root program in the folder.
            const auto refused = m_store->create(spec);
            QVERIFY(!refused);
            QVERIFY2(refused.error().message.contains(QStringLiteral("chown 65534")),
                     qPrintable(refused.error().message));
            QVERIFY(!containerExists(spec.name));
        }
        giveToTheSandboxsUser(workspace.path());
        QVERIFY(m_store->create(spec));
        const Outcome o = exec(spec.name, {QStringLiteral("id"), QStringLiteral("-u")});
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.liveStdout.trimmed(), QByteArray::number(workspaceOwner()));
    }

    void aBoundWorkspaceIsWorkAndOutlivesTheSandbox()
    {
        QTemporaryDir workspace;
        const SandboxSpec spec = workspaceSpec(workspace.path());
        giveToTheSandboxsUser(workspace.path());
        QVERIFY(m_store->create(spec));
        QVERIFY(
            exec(spec.name, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo made > /work/made.txt")})
                .result);
        // The bound folder is a gap the report names.
        const Outcome o = exec(spec.name, {QStringLiteral("true")});
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->isolation.level, IsolationReport::Level::Partial);
        QVERIFY(o.result->isolation.details.join(QLatin1Char(' ')).contains(workspace.path()));
        QFile made(workspace.filePath(QStringLiteral("made.txt")));
        QVERIFY(made.open(QIODevice::ReadOnly));
        QCOMPARE(made.readAll(), QByteArray("made\n"));
        // The user's own file, which they can change and remove.
        QCOMPARE(QFileInfo(made).ownerId(), workspaceOwner());
        QVERIFY(m_store->remove(spec.name));
        QVERIFY(QFile::exists(made.fileName()));
    }

    // The daemon resolves the bind's source again at each start: a folder replaced since create,
    // or a link put where it was, is refused before the container starts.
    void startRefusesAWorkspaceReplacedSinceCreate()
    {
        QTemporaryDir proj, home;
        const QString sub = proj.filePath(QStringLiteral("sub"));
        QVERIFY(QDir().mkpath(sub));
        giveToTheSandboxsUser(sub);
        giveToTheSandboxsUser(home.path());
        const SandboxSpec spec = workspaceSpec(sub);
        QVERIFY(m_store->create(spec) && m_store->stop(spec.name));
        QVERIFY(QDir(proj.path()).rename(QStringLiteral("sub"), QStringLiteral("old")) && QDir().mkpath(sub));
        giveToTheSandboxsUser(sub); // so that only which folder it is can stop it
        const auto replaced = m_store->start(spec.name);
        QVERIFY(!replaced);
        QVERIFY2(replaced.error().message.contains(QStringLiteral("no longer the folder")),
                 qPrintable(replaced.error().message));
        QVERIFY(QDir().rmdir(sub) && QFile::link(home.path(), sub));
        const auto linked = m_store->start(spec.name);
        QVERIFY(!linked);
        QVERIFY2(linked.error().message.contains(QStringLiteral("a link now stands on its path")),
                 qPrintable(linked.error().message));
        QCOMPARE(find(spec.name).state, SandboxInfo::State::Stopped);
    }

    void anEngineWithoutOurDiskIsRefused()
    {
        DockerSandboxes::Config config;
        config.environment = m_environment;
        config.environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
        DockerSandboxes remote(m_connector, config);
        SandboxSpec spec;
        spec.name = uniqueName();
        spec.image = kBash;
        const auto made = remote.create(spec);
        QVERIFY(!made);
        QVERIFY2(made.error().message.contains(QStringLiteral("shares this computer's disk")),
                 qPrintable(made.error().message));
        QVERIFY(!containerExists(spec.name));
    }

    void aSandboxThatRanOutOfMemoryIsDeadWithTheReason()
    {
        const QJsonObject state{{QStringLiteral("OOMKilled"), true}, {QStringLiteral("ExitCode"), 137}};
        QCOMPARE(DockerSandboxInspect::endReason(state, 64 * kMegabyte),
                 QStringLiteral("It ran out of memory (64 MB)."));
        const QJsonObject exited{{QStringLiteral("OOMKilled"), false}, {QStringLiteral("ExitCode"), 3}};
        QCOMPARE(DockerSandboxInspect::endReason(exited, 0),
                 QStringLiteral("Its first process ended with exit code 3."));
    }

private:
    /// Who a sandbox with a workspace runs as: the user, or nobody when the tests run as root.
    static uint workspaceOwner() { return ::getuid() == 0 ? 65534 : ::getuid(); }

    /// As root, hands `folder` to nobody; any other user's own folder is theirs already.
    static void giveToTheSandboxsUser(const QString &folder)
    {
        if (::getuid() == 0 && ::chown(QFile::encodeName(folder).constData(), workspaceOwner(), workspaceOwner()) != 0)
            qWarning("chown %s failed", qPrintable(folder));
    }

    SandboxSpec workspaceSpec(const QString &workspace)
    {
        SandboxSpec spec;
        spec.name = uniqueName();
        spec.image = kBash;
        spec.workspace = workspace;
        m_made << spec.name; // removed at the end even if a failed check made it
        return spec;
    }

    /// How many of the test's `sleep 30N` are in the sandbox, as another exec sees its processes.
    int sleepersIn(const QString &name)
    {
        const Outcome o = exec(name,
                               {QStringLiteral("sh"), QStringLiteral("-c"),
                                QStringLiteral("for f in /proc/[0-9]*/cmdline; do tr '\\0' ' ' < $f; echo; "
                                               "done | grep -c '^sleep 30[123] $'")});
        bool counted = false;
        const int count = o.liveStdout.trimmed().toInt(&counted);
        return o.result && counted ? count : -1;
    }

    SandboxInfo find(const QString &name)
    {
        const auto listed = m_store->list();
        if (listed) {
            for (const SandboxInfo &sandbox : *listed) {
                if (sandbox.name == name)
                    return sandbox;
            }
        }
        return {};
    }
};

QTEST_GUILESS_MAIN(TestDockerSandboxes)
#include "tst_dockersandboxes.moc"
