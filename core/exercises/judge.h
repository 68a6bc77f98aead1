#pragma once

#include "exercises/outputchecker.h"
#include "exercises/testoutcome.h"
#include "model/runresult.h"

#include <optional>

namespace Sandpit::Core {

/// What a Kattis-protocol checker program said: exit 42 accepts, 43 rejects, anything else
/// (or a kill) is the checker's own failure. `feedbackDir` holds its judgemessage.txt.
CheckerVerdict kattisOutcome(const RunResult &checkerRun, const QString &feedbackDir);

/// Turns a test's run into the learner's verdict. `checker`: a checker program's verdict on
/// stdout (kattisOutcome); none: the test's built-in checker (checkOutput) is applied here when
/// the test expects a stdout. `outputFolder`: where the run's output/ files can be read (its
/// kept artifacts), for the test's expected files. Reads those files: not on the GUI thread.
TestOutcome judgeTest(const Exercise &exercise, const ExerciseTest &test, const RunResult &run,
                      const std::optional<CheckerVerdict> &checker, const QString &outputFolder);

/// The test's outcome when its program never ran because the Check was stopped, or because
/// building the request failed (`reason`).
TestOutcome notRunTest(const ExerciseTest &test, Verdict verdict, const QString &reason);

/// `data` as shown in a result: whole when it is at most `limit` bytes, else its start and
/// end with "… N bytes not shown" between, cut at UTF-8 character boundaries.
QByteArray clipForShow(const QByteArray &data, qsizetype limit = 64 * 1024);

/// Expected against actual, line by line, with whitespace made visible (see TestOutcome::diff).
QString visibleDiff(const QByteArray &expected, const QByteArray &actual);

} // namespace Sandpit::Core
