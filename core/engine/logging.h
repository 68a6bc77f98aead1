#pragma once

#include <QLoggingCategory>

namespace Sandpit::Core {
Q_DECLARE_LOGGING_CATEGORY(lcEngine)
Q_DECLARE_LOGGING_CATEGORY(lcSandbox)
Q_DECLARE_LOGGING_CATEGORY(lcSettings)
Q_DECLARE_LOGGING_CATEGORY(lcDocker)
} // namespace Sandpit::Core
