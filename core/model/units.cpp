#include "model/units.h"

#include <cmath>

namespace Sandpit::Core {

QString formatBytes(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 bytes").arg(bytes);
    static constexpr const char *kUnits[] = {"KB", "MB", "GB", "TB"};
    double value = double(bytes) / 1024;
    int unit = 0;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    // "256 MB", but "9.6 MB": a decimal only where it says something.
    const bool whole = std::abs(value - std::round(value)) < 0.05;
    return QStringLiteral("%1 %2").arg(QString::number(value, 'f', whole ? 0 : 1), QLatin1String(kUnits[unit]));
}

QString formatDuration(qint64 ms)
{
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(ms);
    return QStringLiteral("%1 s").arg(QString::number(double(ms) / 1000.0, 'f', ms % 1000 == 0 ? 0 : 1));
}

} // namespace Sandpit::Core
