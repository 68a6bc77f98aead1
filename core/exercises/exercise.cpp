#include "exercises/exercise.h"

#include "base/enumwords.h"

#include <QDir>

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
