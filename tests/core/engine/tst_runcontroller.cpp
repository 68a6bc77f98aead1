// The RunController's bookkeeping, with a fake backend whose jobs the test drives by hand on
// the worker thread: which run an event belongs to, and which late events are dropped.
#include "engine/backend.h"
#include "engine/backendid.h"
#include "engine/runcontroller.h"
#include "engine/runworker.h"

#include <QCoreApplication>
#include <QMutex>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <functional>

using namespace Sandpit::Core;

namespace {
constexpr int kWaitMs = 5000;
const QString kA = QStringLiteral("a.py");
const QString kB = QStringLiteral("b.py");
const QString kC = QStringLiteral("c.py");
const QString kD = QStringLiteral("d.py");

class FakeJob;

// What happened to each fake job, keyed by the request's entry file. Shared by the test and the
// backends (which live on the worker thread), hence the mutex.
class JobLog
{
public:
    struct Entry {
        QString backend;
        FakeJob *job = nullptr; // null once destroyed
        bool started = false;
        int cancels = 0;
        QList<QByteArray> input;
        bool destroyed = false;
        bool destroyedOnGuiThread = false;
    };
    void update(const QString &name, const std::function<void(Entry &)> &change)
    {
        const QMutexLocker lock(&m_mutex);
        change(m_entries[name]);
    }
    Entry get(const QString &name) const
    {
        const QMutexLocker lock(&m_mutex);
        return m_entries.value(name);
    }

private:
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_entries;
};

class FakeJob final : public RunJob
{
    Q_OBJECT
public:
    FakeJob(std::shared_ptr<JobLog> log, QString name)
        : m_log(std::move(log))
        , m_name(std::move(name))
    {
        m_log->update(m_name, [this](JobLog::Entry &e) { e.job = this; });
    }
    ~FakeJob() override
    {
        const bool onGui = QThread::currentThread() == QCoreApplication::instance()->thread();
        m_log->update(m_name, [this, onGui](JobLog::Entry &e) {
            if (e.job == this) // a fallback's job may have taken the name since
                e.job = nullptr;
            e.destroyed = true;
            e.destroyedOnGuiThread = onGui;
        });
    }
    // The test emits started() itself, as the program starting would.
    void start() override
    {
        m_log->update(m_name, [](JobLog::Entry &e) { e.started = true; });
    }
    void cancel() override
    {
        m_log->update(m_name, [](JobLog::Entry &e) { ++e.cancels; });
    }
    void writeInput(const QByteArray &data) override
    {
        m_log->update(m_name, [&](JobLog::Entry &e) { e.input << data; });
    }
    void closeInput() override
    {
        m_log->update(m_name, [](JobLog::Entry &e) { e.input << "<closed>"; });
    }

private:
    std::shared_ptr<JobLog> m_log;
    QString m_name;
};

class FakeBackend final : public Backend
{
public:
    FakeBackend(QString id, std::shared_ptr<JobLog> log)
        : m_id(std::move(id))
        , m_log(std::move(log))
    {
    }
    QString id() const override { return m_id; }
    Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &request) override
    {
        if (request.language == QLatin1String("nope"))
            return makeError(RunError::Code::UnknownLanguage, QStringLiteral("Sandpit does not know \"nope\"."));
        m_log->update(request.entryFile, [this](JobLog::Entry &e) { e.backend = m_id; });
        return std::make_unique<FakeJob>(m_log, request.entryFile);
    }

private:
    QString m_id;
    std::shared_ptr<JobLog> m_log;
};

RunRequest request(const QString &name, const QString &backend = {})
{
    RunRequest r;
    r.language = QStringLiteral("python");
    r.entryFile = name;
    r.sources = {{name, "print(1)\n"}};
    r.backend = backend;
    return r;
}

RunResult resultWith(KillReason reason, const QByteArray &out = {})
{
    RunResult r;
    r.killReason = reason;
    r.exitCode = reason == KillReason::None ? std::optional<int>(0) : std::nullopt;
    r.stdoutData = out;
    return r;
}

RunId idAt(const QSignalSpy &spy, int row)
{
    return spy.at(row).at(0).value<RunId>();
}
} // namespace

class TestRunController : public QObject
{
    Q_OBJECT

private:
    // Runs `action` on the job's own (worker) thread, where a real job emits its signals.
    void onJob(const QString &name, std::function<void(FakeJob *)> action)
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_log->get(name).started, kWaitMs);
        FakeJob *job = m_log->get(name).job;
        QVERIFY(job);
        QVERIFY(QMetaObject::invokeMethod(
            job, [job, action] { action(job); }, Qt::QueuedConnection));
    }
    void startedSignal(const QString &name)
    {
        onJob(name, [](FakeJob *j) { Q_EMIT j->started(); });
    }

    void abandonAndCheck(bool cancelledFirst)
    {
        QSignalSpy output(m_controller.get(), &RunController::outputReceived);
        QSignalSpy listed(m_controller.get(), &RunController::artifactsListed);
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        const RunId old = m_controller->start(request(kA));
        onJob(kA, [](FakeJob *j) { Q_EMIT j->outputReceived(OutputStream::Stdout, "before\n"); });
        QTRY_COMPARE_WITH_TIMEOUT(output.count(), 1, kWaitMs);
        if (cancelledFirst)
            m_controller->cancel(old);
        m_controller->abandon(old);
        QTRY_COMPARE_WITH_TIMEOUT(m_log->get(kA).cancels, 1, kWaitMs);
        QVERIFY(m_controller->isActive(old)); // until the worker says it ended
        m_controller->writeInput(old, "too late\n");
        const RunId next = m_controller->start(request(kB));
        onJob(kA, [](FakeJob *j) {
            Q_EMIT j->outputReceived(OutputStream::Stdout, "after\n");
            Q_EMIT j->artifactsListed(ArtifactListing{});
            Q_EMIT j->finished(resultWith(KillReason::Cancelled));
            Q_EMIT j->failed(RunError{RunError::Code::Internal, QStringLiteral("late")});
        });
        QTRY_VERIFY_WITH_TIMEOUT(!m_controller->isActive(old), kWaitMs);
        // The new run's result comes after the old run's last events on the same queue.
        onJob(kB, [](FakeJob *j) { Q_EMIT j->finished(resultWith(KillReason::None, "new")); });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
        QCOMPARE(idAt(finished, 0), next);
        QCOMPARE(output.count(), 1);
        QCOMPARE(listed.count(), 0);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(m_log->get(kA).cancels, 1);
        QVERIFY(m_log->get(kA).input.isEmpty());
    }

    std::shared_ptr<JobLog> m_log;
    std::unique_ptr<RunController> m_controller;

private Q_SLOTS:
    void init()
    {
        m_log = std::make_shared<JobLog>();
        std::vector<std::unique_ptr<Backend>> backends;
        backends.push_back(std::make_unique<FakeBackend>(QString(kLocalBackendId), m_log));
        backends.push_back(std::make_unique<FakeBackend>(QString(kDockerBackendId), m_log));
        m_controller = std::make_unique<RunController>(std::move(backends));
    }
    void cleanup() { m_controller.reset(); }
    void idsAreUniqueAndEventsCarryTheirId()
    {
        QSignalSpy listed(m_controller.get(), &RunController::artifactsListed);
        QSignalSpy output(m_controller.get(), &RunController::outputReceived);
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        const RunId a = m_controller->start(request(kA));
        const RunId b = m_controller->start(request(kB));
        const RunId c = m_controller->start(request(kC));
        QVERIFY(a < b && b < c);
        QVERIFY(m_controller->isActive(b));

        onJob(kB, [](FakeJob *j) { Q_EMIT j->artifactsListed(ArtifactListing{}); });
        QTRY_COMPARE_WITH_TIMEOUT(listed.count(), 1, kWaitMs);
        QCOMPARE(idAt(listed, 0), b);

        onJob(kC, [](FakeJob *j) { Q_EMIT j->outputReceived(OutputStream::Stderr, "oops\n"); });
        QTRY_COMPARE_WITH_TIMEOUT(output.count(), 1, kWaitMs);
        QCOMPARE(idAt(output, 0), c);
        QCOMPARE(output.at(0).at(1).value<OutputStream>(), OutputStream::Stderr);
        QCOMPARE(output.at(0).at(2).toByteArray(), QByteArray("oops\n"));

        onJob(kA, [](FakeJob *j) { Q_EMIT j->finished(resultWith(KillReason::None, "1\n")); });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
        QCOMPARE(idAt(finished, 0), a);
        QCOMPARE(finished.at(0).at(1).value<RunResult>().stdoutData, QByteArray("1\n"));
        QVERIFY(!m_controller->isActive(a));
        QVERIFY(m_controller->isActive(c));
        QTRY_VERIFY_WITH_TIMEOUT(m_log->get(kA).destroyed, kWaitMs);
        QVERIFY(m_controller->start(request(kD)) > c);
    }

    void outputAfterCancelIsDropped()
    {
        QSignalSpy output(m_controller.get(), &RunController::outputReceived);
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        const RunId id = m_controller->start(request(kA));
        onJob(kA, [](FakeJob *j) { Q_EMIT j->outputReceived(OutputStream::Stdout, "before\n"); });
        QTRY_COMPARE_WITH_TIMEOUT(output.count(), 1, kWaitMs);
        m_controller->writeInput(id, "typed\n");

        m_controller->cancel(id);
        QTRY_COMPARE_WITH_TIMEOUT(m_log->get(kA).cancels, 1, kWaitMs);
        m_controller->writeInput(id, "too late\n");
        m_controller->closeInput(id);
        onJob(kA, [](FakeJob *j) {
            Q_EMIT j->outputReceived(OutputStream::Stdout, "after\n");
            Q_EMIT j->finished(resultWith(KillReason::Cancelled));
        });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
        QCOMPARE(idAt(finished, 0), id);
        QCOMPARE(finished.at(0).at(1).value<RunResult>().killReason, KillReason::Cancelled);
        QCOMPARE(output.count(), 1);
        QCOMPARE(output.at(0).at(2).toByteArray(), QByteArray("before\n"));
        QCOMPARE(m_log->get(kA).input, QList<QByteArray>{"typed\n"});
    }

    // What the window does when a new run replaces the current one: the old run is stopped
    // and not even its result may reach a pane.
    void nothingOfAnAbandonedRunComesBack() { abandonAndCheck(/*cancelledFirst=*/false); }
    // Stop, then Run before the result came: the stopped run's result is dropped too.
    void nothingOfACancelledThenAbandonedRunComesBack() { abandonAndCheck(/*cancelledFirst=*/true); }

    void secondFinishForTheSameIdIsDropped()
    {
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        const RunId a = m_controller->start(request(kA));
        const RunId b = m_controller->start(request(kB));
        onJob(kA, [](FakeJob *j) {
            Q_EMIT j->finished(resultWith(KillReason::None, "first"));
            Q_EMIT j->finished(resultWith(KillReason::Timeout, "second"));
            Q_EMIT j->failed(RunError{RunError::Code::Internal, QStringLiteral("late")});
        });
        // b finishes after a's extra events were sent, so they have arrived once b's result has.
        onJob(kB, [](FakeJob *j) { Q_EMIT j->finished(resultWith(KillReason::None)); });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kWaitMs);
        QCOMPARE(idAt(finished, 0), a);
        QCOMPARE(finished.at(0).at(1).value<RunResult>().stdoutData, QByteArray("first"));
        QCOMPARE(idAt(finished, 1), b);
        QCOMPARE(failed.count(), 0);
    }

    void failuresBecomeRunFailed()
    {
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        RunRequest r = request(kA);
        r.language = QStringLiteral("nope"); // createJob refuses it
        const RunId refused = m_controller->start(r);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kWaitMs);
        QCOMPARE(idAt(failed, 0), refused);
        const auto error = failed.at(0).at(1).value<RunError>();
        QCOMPARE(error.code, RunError::Code::UnknownLanguage);
        QCOMPARE(error.message, QStringLiteral("Sandpit does not know \"nope\"."));
        QVERIFY(!m_controller->isActive(refused));

        const RunId broken = m_controller->start(request(kB)); // the job itself fails
        onJob(kB, [](FakeJob *j) { Q_EMIT j->failed(RunError{RunError::Code::SetupFailed, QStringLiteral("no ns")}); });
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, kWaitMs);
        QCOMPARE(idAt(failed, 1), broken);
        QCOMPARE(failed.at(1).at(1).value<RunError>().code, RunError::Code::SetupFailed);
        QVERIFY(!m_controller->isActive(broken));
        QTRY_VERIFY_WITH_TIMEOUT(m_log->get(kB).destroyed, kWaitMs);
    }

    void eventsForUnknownIdsAreNeverReEmitted()
    {
        QSignalSpy output(m_controller.get(), &RunController::outputReceived);
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        const RunId id = m_controller->start(request(kA));
        const RunId stranger = id + 1000;
        onJob(kA, [stranger](FakeJob *j) {
            // Speak as the worker (the job's parent) about a run the controller never started.
            auto *worker = qobject_cast<RunWorker *>(j->parent());
            if (!worker)
                return; // the fence below never comes, and the wait fails
            Q_EMIT worker->outputReceived(stranger, OutputStream::Stdout, "ghost");
            Q_EMIT worker->runFinished(stranger, resultWith(KillReason::None));
            Q_EMIT worker->runFailed(stranger, RunError{});
            Q_EMIT worker->runFinished(0, resultWith(KillReason::None));
            Q_EMIT j->finished(resultWith(KillReason::None));
        });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
        QCOMPARE(idAt(finished, 0), id);
        QCOMPARE(output.count(), 0);
        QCOMPARE(failed.count(), 0);
        QVERIFY(!m_controller->isActive(stranger));
    }

    void requestPicksTheBackend_data()
    {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("used");
        QTest::newRow("default is the first") << QString() << QString(kLocalBackendId);
        QTest::newRow("local") << QString(kLocalBackendId) << QString(kLocalBackendId);
        QTest::newRow("docker") << QString(kDockerBackendId) << QString(kDockerBackendId);
    }

    void requestPicksTheBackend()
    {
        QFETCH(QString, requested);
        QFETCH(QString, used);
        m_controller->start(request(kA, requested));
        QTRY_VERIFY_WITH_TIMEOUT(m_log->get(kA).started, kWaitMs);
        QCOMPARE(m_log->get(kA).backend, used);
    }

    void unknownBackendFails()
    {
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        const RunId id = m_controller->start(request(kA, QStringLiteral("vm")));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kWaitMs);
        QCOMPARE(idAt(failed, 0), id);
        const auto error = failed.at(0).at(1).value<RunError>();
        QCOMPARE(error.code, RunError::Code::BackendUnavailable);
        QVERIFY2(error.message.contains(QStringLiteral("\"vm\"")), qPrintable(error.message));
        QVERIFY(!m_log->get(kA).started);
    }

    void anUnreachableBackendFallsBackWithANotice()
    {
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        RunRequest r = request(kA, QString(kDockerBackendId));
        r.fallbackBackend = QString(kLocalBackendId);
        const RunId id = m_controller->start(r);
        QTRY_COMPARE_WITH_TIMEOUT(m_log->get(kA).backend, QString(kDockerBackendId), kWaitMs);
        onJob(kA, [](FakeJob *j) {
            Q_EMIT j->failed(RunError{RunError::Code::BackendUnavailable, QStringLiteral("Docker is not running.")});
        });
        // The same run goes on in the local backend, under the same id.
        QTRY_COMPARE_WITH_TIMEOUT(m_log->get(kA).backend, QString(kLocalBackendId), kWaitMs);
        onJob(kA, [](FakeJob *j) { Q_EMIT j->finished(resultWith(KillReason::None, "1\n")); });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(idAt(finished, 0), id);
        const RunResult result = finished.at(0).at(1).value<RunResult>();
        QVERIFY2(result.notice.startsWith(
                     QStringLiteral("Docker could not be used, so this run used the local sandbox instead.")),
                 qPrintable(result.notice));
        QVERIFY(result.notice.contains(QStringLiteral("Docker is not running.")));
    }

    void noFallbackOnceStartedOrForOtherErrors_data()
    {
        QTest::addColumn<bool>("started");
        QTest::addColumn<int>("code");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("failed after it started") << true << int(RunError::Code::BackendUnavailable) << true;
        QTest::newRow("a setup failure") << false << int(RunError::Code::SetupFailed) << true;
        // Only the user can fix it, with a pull the window offers; the local sandbox would hide it.
        QTest::newRow("a missing image") << false << int(RunError::Code::MissingImage) << true;
        QTest::newRow("fallback not allowed") << false << int(RunError::Code::BackendUnavailable) << false;
    }
    void noFallbackOnceStartedOrForOtherErrors()
    {
        QFETCH(bool, started);
        QFETCH(int, code);
        QFETCH(bool, allowed);
        QSignalSpy failed(m_controller.get(), &RunController::runFailed);
        RunRequest r = request(kB, QString(kDockerBackendId));
        r.fallbackBackend = allowed ? QString(kLocalBackendId) : QString();
        m_controller->start(r);
        if (started)
            startedSignal(kB);
        onJob(kB, [code](FakeJob *j) { Q_EMIT j->failed(RunError{RunError::Code(code), QStringLiteral("no")}); });
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kWaitMs);
        QCOMPARE(m_log->get(kB).backend, QString(kDockerBackendId));
    }

    void destroyingTheControllerEndsRunningJobs()
    {
        QSignalSpy finished(m_controller.get(), &RunController::runFinished);
        m_controller->start(request(kA));
        m_controller->start(request(kB));
        startedSignal(kA);
        QTRY_VERIFY_WITH_TIMEOUT(m_log->get(kB).started, kWaitMs);
        m_controller.reset();
        for (const QString &name : {kA, kB}) {
            const JobLog::Entry entry = m_log->get(name);
            QVERIFY2(entry.destroyed, qPrintable(name));
            QVERIFY2(!entry.destroyedOnGuiThread, qPrintable(name));
        }
        QCOMPARE(finished.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRunController)
#include "tst_runcontroller.moc"
