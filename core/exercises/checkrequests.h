#pragma once

#include "exercises/checkcontroller.h"
#include "model/runerror.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

// How one Check's tests become runs on the engine: the program's run per test, and the run of
// a checker program after it. Reads files: on the Check's worker thread, never the GUI's.

/// What every test of a Check runs: the learner's file, and the harness's driver beside it.
struct CheckProgram {
    QList<SourceFile> sources;
    QString entryFile; ///< the driver's name with a harness, else the learner's entry
};

/// The learner's file (read now, as the Check starts) and the harness of the request's
/// language; an error when the language is not the exercise's or a file cannot be read.
Expected<CheckProgram> readCheckProgram(const CheckRequest &request);

/// The program's run for `test`: its input, arguments, input files and limits, with its
/// output/ files kept in `keeping` so expected files can be judged.
RunRequest testRunRequest(const CheckRequest &check, const CheckProgram &program, const ExerciseTest &test,
                          const ArtifactKeeping &keeping);

/// The paths, on the host, of what a checker program is given besides the program's stdout.
struct CheckerFiles {
    QString input;  ///< the test's stdin
    QString answer; ///< the expected stdout
};

/// The checker program's run, by the Kattis output-validator protocol:
/// `checker input answer output < program_stdout`, where output/ is the checker's feedback
/// folder (kept in `keeping`, for its judgemessage.txt). Its limits are its own over 10 s and
/// 256 MB, not the learner's.
Expected<RunRequest> checkerRunRequest(const CheckRequest &check, const CheckerSpec &checker, const CheckerFiles &files,
                                       const QByteArray &programStdout, const ArtifactKeeping &keeping);

/// The checker of `test`: its own, or the exercise's.
const CheckerSpec &checkerOf(const Exercise &exercise, const ExerciseTest &test);

} // namespace Sandpit::Core
