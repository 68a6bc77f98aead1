#pragma once

#include "model/runresult.h"

#include <QString>

namespace Sandpit::Ui {

/// What the Run pane says under its heading (RunPane::statusFor), one fact per sentence and
/// none the heading says already: under "Stopped with an error", the error and its line, not
/// "The program stopped with an error" again, nor the exit code the Result row shows; under
/// "Wrong answer", where the output differs, not "Wrong answer at line 2".
QString runMessage(const Core::RunResult &result);

} // namespace Sandpit::Ui
