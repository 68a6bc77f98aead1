#include "grading/gradebatch.h"

#include "exercises/checkcontroller.h"
#include "grading/gradeengines.h"

#include <QThreadPool>

#include <algorithm>
#include <optional>

namespace Sandpit::Core {

struct GradeBatch::Engine {
    GradeEngine engine;
    bool alive = true;
};

struct GradeBatch::Lane {
    int engine = 0;
    CheckController *controller = nullptr; // a child of the batch; deleteLater'd when dropped
    std::optional<Submission> current;
    QElapsedTimer timer;
};

GradeBatch::GradeBatch(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<GradeRequest>();
    qRegisterMetaType<GradePlan>();
    qRegisterMetaType<StudentGrade>();
    qRegisterMetaType<GradeSummary>();
    qRegisterMetaType<RunError>();
}

namespace {

/// The unpacked submissions of a batch, removed on a pool thread: there may be thousands of
/// files, and the caller is the GUI thread. QCoreApplication waits for the pool as it ends.
void removeInBackground(std::shared_ptr<QTemporaryDir> folder)
{
    if (folder)
        QThreadPool::globalInstance()->start([folder = std::move(folder)]() mutable { folder.reset(); });
}

} // namespace

GradeBatch::~GradeBatch()
{
    // Everything stops first, so that the joins below are short: the plan at its next student,
    // the Checks' process trees at once.
    if (m_stopPlanning)
        m_stopPlanning->store(true);
    releaseLanes();
    m_diskThread.reset();
    removeInBackground(std::move(m_unpackRoot));
}

/// The lanes' controllers go with their lanes: a controller left behind would still call its
/// lambda, which holds the lane's address.
void GradeBatch::releaseLanes()
{
    for (auto &lane : m_lanes) {
        if (!lane->controller)
            continue;
        lane->controller->disconnect(this);
        lane->controller->cancel();
        lane->controller->deleteLater();
        lane->controller = nullptr;
    }
    m_lanes.clear();
}

bool GradeBatch::isRunning() const
{
    return m_running;
}

void GradeBatch::start(const GradeRequest &request)
{
    if (m_running)
        return;
    m_request = request;
    m_request.jobs = std::max(1, request.jobs);
    m_summary = {};
    m_queue.clear();
    m_running = m_planning = true;
    m_cancelled = m_finishing = false;
    m_writesPending = 0;
    removeInBackground(std::move(m_unpackRoot));
    m_unpackRoot = std::make_shared<QTemporaryDir>();
    m_stopPlanning = std::make_shared<std::atomic_bool>(false);
    m_diskThread.reset(new QThread);
    m_diskThread->setObjectName(QStringLiteral("sandpit-grade-disk"));
    m_disk = new GradeDisk;
    m_disk->moveToThread(m_diskThread.get());
    connect(m_diskThread.get(), &QThread::finished, m_disk, &QObject::deleteLater);
    connect(m_disk, &GradeDisk::planned, this, &GradeBatch::onPlanned);
    connect(m_disk, &GradeDisk::planFailed, this, [this](const RunError &error) {
        m_running = m_planning = false;
        Q_EMIT batchFailed(error);
    });
    connect(m_disk, &GradeDisk::studentWritten, this, &GradeBatch::onStudentWritten);
    connect(m_disk, &GradeDisk::summaryWritten, this, [this](const GradeSummary &summary) {
        m_running = false;
        Q_EMIT batchFinished(summary);
    });
    m_diskThread->start();
    const QString unpackRoot = m_unpackRoot->path();
    QMetaObject::invokeMethod(m_disk, [disk = m_disk, request = m_request, unpackRoot, stop = m_stopPlanning] {
        disk->plan(request, unpackRoot, stop);
    });
}

void GradeBatch::onPlanned(const GradePlan &plan)
{
    m_plan = plan;
    m_planning = false;
    m_summary.students = int(plan.done.size() + plan.toGrade.size() + plan.notLookedAt.size());
    Q_EMIT batchStarted(m_summary.students, plan.testNames);
    for (const StudentGrade &grade : plan.done) {
        m_summary.grades << grade;
        ++(grade.skipped ? m_summary.skipped : m_summary.failed);
        Q_EMIT studentFinished(grade);
    }
    m_queue.assign(plan.toGrade.begin(), plan.toGrade.end());
    m_queue.insert(m_queue.end(), plan.notLookedAt.begin(), plan.notLookedAt.end());
    if (!m_queue.empty() && !m_cancelled)
        makeEngines();
    fillLanes();
    finishIfDone();
}

void GradeBatch::makeEngines()
{
    const EngineSettings *settings = &m_plan.settings;
    const LanguageRegistry &languages = m_plan.languages;
    releaseLanes();
    m_engines.clear();
    const QList<GradeEngine> engines
        = gradeEngines(m_request.engines, m_request.backend, *settings, m_request.tlsCertFolder);
    for (int e = 0; e < engines.size(); ++e) {
        m_engines.push_back(std::make_unique<Engine>(Engine{engines.at(e)}));
        for (int job = 0; job < m_request.jobs; ++job) {
            auto lane = std::make_unique<Lane>();
            lane->engine = e;
            lane->controller = new CheckController(engines.at(e).makeBackends(languages, *settings), this);
            Lane *raw = lane.get();
            connect(raw->controller, &CheckController::checkFinished, this,
                    [this, raw](const CheckReport &report) { onCheckFinished(*raw, report); });
            connect(raw->controller, &CheckController::checkFailed, this,
                    [this, raw](const RunError &error) { onCheckFailed(*raw, error); });
            m_lanes.push_back(std::move(lane));
        }
    }
    m_weakestIsolation = settings->allowWeaker;
}

void GradeBatch::fillLanes()
{
    for (auto &lane : m_lanes) {
        if (m_cancelled || m_queue.empty())
            return;
        if (lane->current || !m_engines.at(lane->engine)->alive)
            continue;
        const Submission next = m_queue.front();
        m_queue.pop_front();
        startStudent(*lane, next);
    }
}

void GradeBatch::startStudent(Lane &lane, const Submission &submission)
{
    CheckRequest check;
    check.exercise = m_plan.exercise;
    check.languageId = submission.languageId;
    check.learnerFile = submission.file;
    check.backend = m_engines.at(lane.engine)->engine.backendId;
    check.baseLimits = m_request.baseLimits;
    check.weakestIsolation = m_weakestIsolation;
    check.includeSecret = m_request.includeSecret; // the plan has none otherwise
    lane.current = submission;
    lane.timer.start();
    Q_EMIT studentStarted(submission.student, m_engines.at(lane.engine)->engine.name);
    lane.controller->start(check);
}

void GradeBatch::onCheckFinished(Lane &lane, const CheckReport &report)
{
    const Submission submission = *lane.current;
    lane.current.reset();
    const bool stopped = std::any_of(report.tests.begin(), report.tests.end(),
                                     [](const TestOutcome &test) { return test.verdict == Verdict::Stopped; });
    // A student stopped part way is not graded: nothing is written, and the next run grades it.
    if (m_cancelled && stopped) {
        m_summary.left << submission.student;
    } else {
        StudentGrade grade;
        grade.student = submission.student;
        grade.engine = m_engines.at(lane.engine)->engine.name;
        grade.report = report;
        grade.executionMs = lane.timer.elapsed();
        grade.resultsPath = studentResultsPath(m_request.outDir, submission.student);
        ++m_writesPending;
        QMetaObject::invokeMethod(m_disk, [disk = m_disk, grade] { disk->writeStudent(grade); });
    }
    fillLanes();
    finishIfDone();
}

void GradeBatch::onCheckFailed(Lane &lane, const RunError &error)
{
    const Submission submission = *lane.current;
    lane.current.reset();
    if (engineCannotGrade(error) && !m_cancelled) {
        m_queue.push_front(submission);
        dropEngine(lane.engine, error.message);
    } else if (m_cancelled) {
        m_summary.left << submission.student;
    } else {
        StudentGrade grade;
        grade.student = submission.student;
        grade.engine = m_engines.at(lane.engine)->engine.name;
        grade.error = error.message;
        grade.report.exerciseId = m_plan.exercise.id;
        for (const ExerciseTest &test : m_plan.exercise.tests)
            grade.report.maxScore += test.points;
        grade.resultsPath = studentResultsPath(m_request.outDir, submission.student);
        ++m_writesPending;
        QMetaObject::invokeMethod(m_disk, [disk = m_disk, grade] { disk->writeStudent(grade); });
    }
    fillLanes();
    finishIfDone();
}

void GradeBatch::dropEngine(int engine, const QString &reason)
{
    Engine &dropped = *m_engines.at(engine);
    if (!dropped.alive)
        return;
    dropped.alive = false;
    // Its other students go back on the queue, in their places; their Checks are stopped and
    // whatever they report is ignored (their controllers are gone).
    for (auto &lane : m_lanes) {
        if (lane->engine != engine)
            continue;
        if (lane->current)
            m_queue.push_front(*lane->current);
        lane->current.reset();
        lane->controller->disconnect(this);
        lane->controller->cancel();
        lane->controller->deleteLater();
        lane->controller = nullptr;
    }
    Q_EMIT engineDropped(dropped.engine.name, reason);
}

void GradeBatch::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    m_stopPlanning->store(true);
    // The queue's students are left, not graded: finishIfDone lists them.
    for (auto &lane : m_lanes)
        if (lane->current && lane->controller)
            lane->controller->cancel();
    finishIfDone();
}

void GradeBatch::onStudentWritten(const StudentGrade &grade)
{
    --m_writesPending;
    m_summary.grades << grade;
    ++(grade.error.isEmpty() ? m_summary.graded : m_summary.failed);
    Q_EMIT studentFinished(grade);
    finishIfDone();
}

bool GradeBatch::anyBusy() const
{
    return std::any_of(m_lanes.begin(), m_lanes.end(), [](const auto &lane) { return lane->current.has_value(); });
}

void GradeBatch::finishIfDone()
{
    const bool engineLeft
        = std::any_of(m_engines.begin(), m_engines.end(), [](const auto &engine) { return engine->alive; });
    if (!m_running || m_planning || m_finishing || anyBusy() || m_writesPending > 0)
        return;
    if (!m_queue.empty() && engineLeft && !m_cancelled)
        return;
    m_finishing = true;
    for (const Submission &submission : m_queue)
        m_summary.left << submission.student;
    m_summary.left.sort();
    m_summary.stopped = m_cancelled;
    m_queue.clear();
    std::sort(m_summary.grades.begin(), m_summary.grades.end(),
              [](const StudentGrade &a, const StudentGrade &b) { return a.student < b.student; });
    QMetaObject::invokeMethod(m_disk,
                              [disk = m_disk, request = m_request, names = m_plan.testNames, summary = m_summary] {
                                  disk->writeSummary(request, names, summary);
                              });
}

} // namespace Sandpit::Core
