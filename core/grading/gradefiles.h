#pragma once

#include "exercises/exercise.h"
#include "grading/graderequest.h"

#include <QJsonObject>
#include <optional>

namespace Sandpit::Core {

/// What a batch writes: per student a results.json in Gradescope's autograder schema
/// (https://gradescope-autograders.readthedocs.io/en/latest/specs/), and for the whole batch
/// summary.csv and junit.xml. Every file is written whole or not at all (QSaveFile), so a
/// results.json that exists is complete: resuming trusts it.
namespace GradeFiles {

/// Gradescope's word for a test's visibility: shown now, after the due date, or never.
QString gradescopeVisibility(Visibility visibility);

QJsonObject resultsJson(const StudentGrade &grade);
/// Writes `grade`'s results.json at grade.resultsPath; an error message when it could not.
QString writeResults(const StudentGrade &grade);
/// A results.json this batch (or one before it) wrote for `exerciseId`, read back; nothing
/// when there is none, it is not Sandpit's, or it was for another exercise.
std::optional<StudentGrade> readResults(const QString &path, const QString &exerciseId);

/// summary.csv: student, score, max, points per test, verdicts, engine, error; every cell
/// through csvCell, so a student's folder name that is a formula stays text.
QString writeSummaryCsv(const QString &path, const QStringList &testNames, const QList<StudentGrade> &grades);
/// junit.xml: a testsuite per student, a testcase per test, a failure carrying the verdict.
QString writeJUnit(const QString &path, const QList<StudentGrade> &grades);

} // namespace GradeFiles

} // namespace Sandpit::Core
