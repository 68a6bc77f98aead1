#include "exercises/exercise.h"

#include <QDir>

namespace Sandpit::Core {

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
