#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit grade PACK EXERCISE SUBMISSIONS`: every student's folder or zip checked
/// against the exercise, results written under --out. Exit status: 0 when grading ran
/// (whatever the scores), 2 for bad usage, 3 when nothing could be graded or every engine
/// failed with students left, 130 when stopped with Ctrl+C (what finished is written).
int runGradeCommand(const QStringList &arguments);

} // namespace Sandpit::App
