#include "exercises/exercise.h"

#include "base/enumwords.h"

#include <QDir>

#include <algorithm>
#include <cmath>

namespace Sandpit::Core {

namespace {
constexpr std::array kVisibilities{
    EnumWord<Visibility>{Visibility::Example, "example"},
    EnumWord<Visibility>{Visibility::Visible, "visible"},
    EnumWord<Visibility>{Visibility::Hidden, "hidden"},
    EnumWord<Visibility>{Visibility::Secret, "secret"},
};
static_assert(namesEveryEnumerator(kVisibilities));
} // namespace

QString visibilityId(Visibility visibility)
{
    return QString::fromLatin1(entryOf(kVisibilities, visibility).word);
}

std::optional<Visibility> visibilityFromId(QStringView id)
{
    return enumWhoseWord(kVisibilities, [id](const char *word) { return id == QLatin1StringView(word); });
}

Limits Exercise::limitsFor(const ExerciseTest &test, const Limits &base, const QString &languageId) const
{
    Limits result = explicitLimitsFor(test, base);
    const TimeScaling scaling = test.timeScaling.over(timeScaling);
    const auto times = referenceWallMs.constFind(languageId);
    if (!scaling.multiplier || times == referenceWallMs.cend() || !times->contains(test.name))
        return result;
    // At most a day, as an explicit limit: a damaged or hostile record (wall_ms near 2^63) must
    // give neither hours of runs nor an overflow here.
    constexpr double kMaxScaledMs = 24.0 * 3600 * 1000;
    const auto scaled
        = qint64(std::ceil(std::min(*scaling.multiplier * double(times->value(test.name)), kMaxScaledMs)));
    result.wallTimeMs = std::max(scaling.floorMs.value_or(kDefaultTimeFloorMs), scaled);
    return result;
}

QString PackProblem::toString(const QString &base) const
{
    QString where = file;
    if (!base.isEmpty() && file.startsWith(base + QLatin1Char('/')))
        where = QDir(base).relativeFilePath(file);
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            where += QLatin1Char(':') + QString::number(column);
    }
    return where.isEmpty() ? message : where + QStringLiteral(": ") + message;
}

} // namespace Sandpit::Core
