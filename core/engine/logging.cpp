#include "engine/logging.h"

// Warnings by default: the command line's stderr belongs to the program it runs. Turn more on
// with QT_LOGGING_RULES="sandpit.*.debug=true".

namespace Sandpit::Core {
Q_LOGGING_CATEGORY(lcEngine, "sandpit.core.engine", QtWarningMsg)
Q_LOGGING_CATEGORY(lcSandbox, "sandpit.core.sandbox", QtWarningMsg)
Q_LOGGING_CATEGORY(lcSettings, "sandpit.core.settings", QtWarningMsg)
Q_LOGGING_CATEGORY(lcDocker, "sandpit.core.docker", QtWarningMsg)
} // namespace Sandpit::Core
