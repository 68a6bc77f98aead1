#pragma once

#include <QString>

namespace Sandpit::Core {

/// "12.5 MB", "800 KB", "17 bytes".
QString formatBytes(qint64 bytes);
/// "2.5 s", "340 ms".
QString formatDuration(qint64 ms);

} // namespace Sandpit::Core
