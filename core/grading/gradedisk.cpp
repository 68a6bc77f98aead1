#include "grading/gradedisk.h"

#include "exercises/packloader.h"
#include "grading/gradefiles.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QSettings>

namespace Sandpit::Core {

namespace {

Expected<Exercise> findExercise(const GradeRequest &request, const QString &unpackRoot)
{
    const auto course = PackLoader(unpackRoot).load(request.packPath);
    if (!course)
        return makeError(RunError::Code::BadRequest, course.error().toString());
    for (const Exercise &exercise : course->exercises)
        if (exercise.id == request.exerciseId)
            return exercise;
    QStringList problems;
    for (const PackProblem &problem : course->problems)
        if (problem.exerciseId == request.exerciseId)
            problems << problem.toString();
    return makeError(
        RunError::Code::BadRequest,
        problems.isEmpty()
            ? QStringLiteral("The pack %1 has no exercise \"%2\".").arg(request.packPath, request.exerciseId)
            : problems.join(QLatin1Char('\n')));
}

/// A student that cannot be graded: no score, and the reason in place of the tests.
StudentGrade failedStudent(const Submission &submission, const Exercise &exercise, const QString &outDir)
{
    StudentGrade grade;
    grade.student = submission.student;
    grade.error = submission.error;
    grade.report.exerciseId = exercise.id;
    for (const ExerciseTest &test : exercise.tests)
        grade.report.maxScore += test.points;
    grade.resultsPath = studentResultsPath(outDir, submission.student);
    return grade;
}

QString writeResultsFile(const StudentGrade &grade)
{
    QDir().mkpath(QFileInfo(grade.resultsPath).absolutePath());
    return GradeFiles::writeResults(grade);
}

} // namespace

QString studentResultsPath(const QString &outDir, const QString &student)
{
    return QDir(outDir).filePath(student + QStringLiteral("/results.json"));
}

void GradeDisk::plan(const GradeRequest &request, const QString &unpackRoot,
                     std::shared_ptr<const std::atomic_bool> stop)
{
    const auto exercise = findExercise(request, unpackRoot);
    if (!exercise) {
        Q_EMIT planFailed(exercise.error());
        return;
    }
    auto submissions = SubmissionIntake::list(request.submissionsPath);
    if (!submissions) {
        Q_EMIT planFailed(submissions.error());
        return;
    }
    if (!QDir().mkpath(request.outDir)) {
        Q_EMIT planFailed({RunError::Code::BadRequest, QStringLiteral("Cannot create %1.").arg(request.outDir)});
        return;
    }
    const QSettings settingsFile;
    auto settings = EngineSettings::load(settingsFile, QProcessEnvironment::systemEnvironment());
    if (!settings) {
        Q_EMIT planFailed({RunError::Code::BadRequest, settings.error()});
        return;
    }
    GradePlan plan;
    plan.settings = *settings;
    plan.languages = LanguageRegistry::withUserFile(LanguageRegistry::userFilePath()).registry;
    plan.exercise = *exercise;
    // Secret tests count only when asked for: then they are graded like the others, in every
    // student's score, file and column; else they are not there at all.
    if (!request.includeSecret)
        plan.exercise.tests.removeIf([](const ExerciseTest &test) { return test.visibility == Visibility::Secret; });
    for (const ExerciseTest &test : plan.exercise.tests)
        plan.testNames << test.name;
    const SubmissionIntake intake(plan.exercise, request.languageId,
                                  QDir(unpackRoot).filePath(QStringLiteral("submissions")));
    for (Submission &submission : *submissions) {
        if (stop->load()) {
            plan.notLookedAt << submission;
            continue;
        }
        const QString results = studentResultsPath(request.outDir, submission.student);
        if (!request.force) {
            // A student whose saved result is an error (no program, two programs, a refused
            // zip) is looked at again: the submission may have been put right since.
            if (auto done = GradeFiles::readResults(results, exercise->id); done && done->error.isEmpty()) {
                done->student = submission.student;
                plan.done << *done;
                continue;
            }
        }
        intake.prepare(submission);
        if (submission.error.isEmpty()) {
            plan.toGrade << submission;
            continue;
        }
        StudentGrade failed = failedStudent(submission, plan.exercise, request.outDir);
        if (const QString problem = writeResultsFile(failed); !problem.isEmpty())
            failed.error += QStringLiteral(" (and ") + problem + QLatin1Char(')');
        plan.done << failed;
    }
    Q_EMIT planned(plan);
}

void GradeDisk::writeStudent(const StudentGrade &grade)
{
    const QString problem = writeResultsFile(grade);
    if (!problem.isEmpty())
        Q_EMIT writeFailed(problem);
    Q_EMIT studentWritten(grade);
}

void GradeDisk::writeSummary(const GradeRequest &request, const QStringList &testNames, GradeSummary summary)
{
    const QDir out(request.outDir);
    QString problem;
    if (request.formats.contains(QStringLiteral("csv"))) {
        summary.summaryCsvPath = out.filePath(QStringLiteral("summary.csv"));
        problem = GradeFiles::writeSummaryCsv(summary.summaryCsvPath, testNames, summary.grades);
    }
    if (problem.isEmpty() && request.formats.contains(QStringLiteral("junit"))) {
        summary.junitPath = out.filePath(QStringLiteral("junit.xml"));
        problem = GradeFiles::writeJUnit(summary.junitPath, summary.grades);
    }
    if (!problem.isEmpty())
        Q_EMIT writeFailed(problem);
    Q_EMIT summaryWritten(summary);
}

} // namespace Sandpit::Core
