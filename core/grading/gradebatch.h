#pragma once

#include "engine/ownedthread.h"
#include "grading/gradedisk.h"
#include "grading/graderequest.h"
#include "model/runerror.h"
#include "model/runresult.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTemporaryDir>

#include <atomic>
#include <deque>
#include <memory>
#include <vector>

namespace Sandpit::Core {

class CheckController;

/// The GUI-thread face of grading a batch of submissions. Its work runs on threads of its own
/// (the disk work on one, each Check on its engine's), never blocking the caller's. Each engine
/// takes students from one shared queue, `jobs` at a time; an engine that fails (its daemon
/// gone) hands its unfinished students back to the others and is dropped.
class GradeBatch final : public QObject
{
    Q_OBJECT
public:
    explicit GradeBatch(QObject *parent = nullptr);
    ~GradeBatch() override;

    void start(const GradeRequest &request);
    /// Stops running tests' whole process trees, and the plan before the next zip is unpacked;
    /// finished students keep their results, and the others are listed as left.
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void batchStarted(int students, const QStringList &testNames);
    void studentStarted(const QString &student, const QString &engine);
    void studentFinished(const Sandpit::Core::StudentGrade &grade);
    /// An engine failed and was dropped; its students went back on the queue.
    void engineDropped(const QString &engine, const QString &reason);
    void batchFinished(const Sandpit::Core::GradeSummary &summary);
    /// Nothing could be graded: bad pack, no such exercise, unreadable folder, no engine.
    void batchFailed(const Sandpit::Core::RunError &error);

private:
    struct Engine;
    struct Lane;

    void onPlanned(const GradePlan &plan);
    void makeEngines();
    void fillLanes();
    void startStudent(Lane &lane, const Submission &submission);
    void onCheckFinished(Lane &lane, const CheckReport &report);
    void onCheckFailed(Lane &lane, const RunError &error);
    void dropEngine(int engine, const QString &reason);
    void releaseLanes();
    void onStudentWritten(const StudentGrade &grade);
    void finishIfDone();
    bool anyBusy() const;

    GradeRequest m_request;
    GradePlan m_plan;
    GradeSummary m_summary;
    std::deque<Submission> m_queue;
    std::vector<std::unique_ptr<Engine>> m_engines;
    std::vector<std::unique_ptr<Lane>> m_lanes;
    OwnedThread m_diskThread;
    GradeDisk *m_disk = nullptr; // lives on m_diskThread
    std::shared_ptr<QTemporaryDir> m_unpackRoot;
    std::shared_ptr<std::atomic_bool> m_stopPlanning;
    int m_writesPending = 0;
    bool m_running = false;
    bool m_planning = false;
    bool m_cancelled = false;
    bool m_finishing = false;
    IsolationReport::Level m_weakestIsolation = IsolationReport::Level::Full;
};

} // namespace Sandpit::Core
