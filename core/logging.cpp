#include "logging.h"

namespace Sandpit::Core {
Q_LOGGING_CATEGORY(lcEngine, "sandpit.core.engine", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSandbox, "sandpit.core.sandbox", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSettings, "sandpit.core.settings", QtInfoMsg)
} // namespace Sandpit::Core
