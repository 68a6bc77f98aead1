#pragma once

#include "model/runerror.h"
#include "model/runresult.h"

#include <QJsonObject>

namespace Sandpit::Core {

/// The result as the command line's --json prints it (and the run history stores it):
/// backend, language, exit_code, signal, kill_reason, kill_detail, wall_ms, input_wait_ms, cpu_ms,
/// peak_memory_bytes, stdout, stderr, stdout_truncated, stderr_truncated, artifacts, isolation.
/// Program output is decoded as UTF-8; invalid bytes become U+FFFD.
QJsonObject resultToJson(const RunResult &result);

/// {"error": {"code": ..., "message": ...}} for a run that could not take place.
QJsonObject errorToJson(const RunError &error);

} // namespace Sandpit::Core
