#include "exercises/packvalidator.h"

#include "exercises/checkcontroller.h"
#include "exercises/offthread.h"
#include "exercises/packchecks.h"
#include "exercises/packloader.h"
#include "exercises/referencetimes.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace Sandpit::Core {

/// One Check the validation runs: a reference solution, or a wrong program.
struct ValidationJob {
    qsizetype exercise = 0; ///< in m_course.exercises
    QString languageId;
    QString program; ///< absolute
    bool reference = true;
    int runs = 1; ///< a reference whose times are recorded runs kReferenceTimingRuns times
};

struct PackValidator::Loaded {
    quint64 generation = 0;
    std::expected<Course, PackProblem> course;
    QList<ValidationFinding> findings; ///< the checks that run nothing
};

bool ValidationReport::passed() const
{
    if (!loadProblems.isEmpty())
        return false;
    for (const ValidationFinding &finding : findings)
        if (finding.severity == ValidationFinding::Severity::Error)
            return false;
    return true;
}

PackValidator::PackValidator(std::vector<std::unique_ptr<Backend>> backends, QObject *parent)
    : QObject(parent)
    , m_checks(new CheckController(std::move(backends), this))
{
    qRegisterMetaType<ValidationFinding>();
    qRegisterMetaType<ValidationReport>();
    connect(m_checks, &CheckController::checkFinished, this, &PackValidator::onChecked);
    connect(m_checks, &CheckController::checkFailed, this, &PackValidator::onCheckFailed);
}

PackValidator::~PackValidator() = default;

void PackValidator::start(const ValidationRequest &request)
{
    cancel();
    m_request = request;
    m_report = ValidationReport{};
    m_report.packPath = request.packPath;
    m_jobs.clear();
    m_timingRuns.clear();
    m_next = 0;
    m_running = true;
    const quint64 generation = ++m_generation;
    runOffThread(
        this, [request, generation] { return load(request, generation); },
        [this](const Loaded &loaded) { onLoaded(loaded); });
}

void PackValidator::cancel()
{
    if (!m_running)
        return;
    m_running = false;
    ++m_generation;
    m_checks->cancel();
    Q_EMIT finished(m_report);
}

bool PackValidator::recordsTimes() const
{
    return m_request.recordReferenceTimes && QFileInfo(m_request.packPath).isDir();
}

bool PackValidator::isRunning() const
{
    return m_running;
}

void PackValidator::onLoaded(const Loaded &loaded)
{
    if (loaded.generation != m_generation || !m_running)
        return;
    if (!loaded.course) {
        m_running = false;
        Q_EMIT failed(RunError{RunError::Code::MissingInputFile, loaded.course.error().toString()});
        return;
    }
    m_course = *loaded.course;
    // The reference is measured under the explicit limits, never a multiple of a stale record;
    // the wrong programs then run under the multiple of what was just measured.
    for (Exercise &exercise : m_course.exercises)
        exercise.referenceWallMs.clear();
    m_report.loadProblems = m_course.problems;
    m_report.exercises = int(m_course.exercises.size());
    // An exercise with insane limits is not run: a 120 s time limit would keep a wrong/slow
    // program running for two minutes per test, and what a run under 4 MB proves is nothing.
    // Only a reference whose times are recorded is run more than once: a large pack's
    // validation stays one Check per program otherwise.
    const int timingRuns = recordsTimes() ? kReferenceTimingRuns : 1;
    QSet<QString> unrunnable;
    for (const ValidationFinding &finding : loaded.findings) {
        add(finding);
        if (finding.severity == ValidationFinding::Severity::Error && finding.subject == QLatin1String("limits"))
            unrunnable.insert(finding.exerciseId);
    }
    for (qsizetype i = 0; i < m_course.exercises.size(); ++i) {
        if (unrunnable.contains(m_course.exercises.at(i).id)) {
            add(ValidationFinding{ValidationFinding::Severity::Warning, m_course.exercises.at(i).id, QString(),
                                  QStringLiteral("limits"), QString(),
                                  QStringLiteral("Its programs were not run: fix its limits first."),
                                  m_course.exercises.at(i).folder + QStringLiteral("/exercise.toml"), 0});
            continue;
        }
        for (const ExerciseLanguage &language : m_course.exercises.at(i).languages) {
            if (language.solutionPath.isEmpty()) {
                ValidationFinding f{ValidationFinding::Severity::Error,
                                    m_course.exercises.at(i).id,
                                    language.languageId,
                                    QStringLiteral("solution/") + language.entryFile,
                                    {},
                                    QStringLiteral("There is no reference solution to validate the tests with."),
                                    m_course.exercises.at(i).folder,
                                    0};
                add(f);
                continue;
            }
            m_jobs.append(ValidationJob{i, language.languageId, language.solutionPath, true, timingRuns});
            for (const QString &wrong : language.wrongPaths)
                m_jobs.append(ValidationJob{i, language.languageId, wrong, false});
        }
    }
    runNext();
}

void PackValidator::runNext()
{
    if (m_next >= m_jobs.size()) {
        finish();
        return;
    }
    startCheck(m_jobs.at(m_next));
}

void PackValidator::startCheck(const ValidationJob &job)
{
    const Exercise &exercise = m_course.exercises.at(job.exercise);
    QString what = QStringLiteral("%1: %2").arg(exercise.id, QDir(exercise.folder).relativeFilePath(job.program));
    if (job.runs > 1)
        what += QStringLiteral(" (timing run %1 of %2)").arg(m_timingRuns.size() + 1).arg(job.runs);
    Q_EMIT progress(int(m_next), int(m_jobs.size()), what);
    CheckRequest request = checkRequestFor(exercise, job.languageId, job.program, m_request.engine);
    request.includeSecret = true; // the reference must pass the grading tests too
    m_checks->start(request);
}

void PackValidator::onChecked(const CheckReport &run)
{
    if (!m_running || m_next >= m_jobs.size())
        return;
    const ValidationJob &job = m_jobs.at(m_next);
    Exercise &exercise = m_course.exercises[job.exercise];
    ++m_report.runs;
    m_timingRuns.append(run);
    // A reference that fails is not timed again: its times would record nothing of worth.
    if (m_timingRuns.size() < job.runs && run.allPassed()) {
        startCheck(job);
        return;
    }
    const CheckReport report = medianTimes(m_timingRuns);
    m_timingRuns.clear();
    if (job.reference) {
        QHash<QString, qint64> &measured = exercise.referenceWallMs[job.languageId];
        for (const TestOutcome &outcome : report.tests) {
            // Only a test the reference passed has a time worth scaling by: a timed-out one
            // would record its limit, a test never reached next to nothing.
            if (outcome.verdict != Verdict::Passed)
                continue;
            m_report.referenceTimes.append(
                ReferenceTime{exercise.id, job.languageId, outcome.testName, outcome.wallMs, outcome.cpuMs});
            measured.insert(outcome.testName, outcome.wallMs);
        }
        for (const ValidationFinding &finding :
             judgeReference(exercise, job.languageId, job.program, report, m_request.engine.limits))
            add(finding);
    } else {
        for (const ValidationFinding &finding : judgeWrongProgram(exercise, job.languageId, job.program, report))
            add(finding);
    }
    ++m_next;
    runNext();
}

void PackValidator::onCheckFailed(const RunError &error)
{
    if (!m_running || m_next >= m_jobs.size())
        return;
    m_timingRuns.clear();
    const ValidationJob &job = m_jobs.at(m_next);
    const Exercise &exercise = m_course.exercises.at(job.exercise);
    add(ValidationFinding{ValidationFinding::Severity::Error, exercise.id, job.languageId,
                          QDir(exercise.folder).relativeFilePath(job.program), QString(),
                          QStringLiteral("It could not be checked: %1").arg(error.message), job.program, 0});
    ++m_next;
    runNext();
}

void PackValidator::add(const ValidationFinding &finding)
{
    m_report.findings.append(finding);
    Q_EMIT findingAdded(finding);
}

void PackValidator::finish()
{
    Q_EMIT progress(int(m_jobs.size()), int(m_jobs.size()), QString());
    if (!recordsTimes() || m_report.referenceTimes.isEmpty()) {
        m_running = false;
        Q_EMIT finished(m_report);
        return;
    }
    // The files are written off this thread; the report follows once they are.
    const quint64 generation = m_generation;
    runOffThread(
        this, [course = m_course, times = m_report.referenceTimes] { return writeReferenceTimes(course, times); },
        [this, generation](const QList<ValidationFinding> &problems) {
            if (generation != m_generation || !m_running)
                return;
            for (const ValidationFinding &problem : problems)
                add(problem);
            m_running = false;
            Q_EMIT finished(m_report);
        });
}

PackValidator::Loaded PackValidator::load(const ValidationRequest &request, quint64 generation)
{
    PackValidator::Loaded loaded;
    loaded.generation = generation;
    loaded.course = PackLoader(request.unpackRoot).load(request.packPath);
    if (!loaded.course)
        return loaded;
    Course &course = *loaded.course;
    if (!request.exerciseIds.isEmpty()) {
        QList<Exercise> chosen;
        for (const Exercise &exercise : course.exercises)
            if (request.exerciseIds.contains(exercise.id))
                chosen << exercise;
        course.exercises = chosen;
        for (const QString &id : request.exerciseIds)
            if (!course.exercise(id))
                loaded.findings << ValidationFinding{ValidationFinding::Severity::Error,
                                                     id,
                                                     {},
                                                     {},
                                                     {},
                                                     QStringLiteral("The pack has no exercise with this id."),
                                                     {},
                                                     0};
    }
    const bool recording = request.recordReferenceTimes && QFileInfo(request.packPath).isDir();
    for (const Exercise &exercise : course.exercises) {
        loaded.findings += checkReferenceTimes(exercise, recording);
        loaded.findings += checkWrongExpectations(exercise);
        loaded.findings += checkStatementExamples(exercise);
        loaded.findings += checkUnusedTestFiles(exercise);
        loaded.findings += checkLimits(exercise, request.engine.limits);
    }
    return loaded;
}

} // namespace Sandpit::Core
