#include "engine/companionprogram.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace Sandpit::Core {

QString findCompanionProgram(const QString &name, const char *environmentVariable)
{
    const QString fromEnvironment = qEnvironmentVariable(environmentVariable);
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString &candidate :
         {dir + QLatin1Char('/') + name, dir + QStringLiteral("/../libexec/sandpit/") + name}) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return {};
}

} // namespace Sandpit::Core
