#include "settings/folderpath.h"

#include <QDir>

namespace Sandpit::Core {

QString absoluteFolder(const QString &text)
{
    QString path = text.trimmed();
    if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
        path = QDir::homePath() + path.mid(1);
    if (path.isEmpty() || !QDir::isAbsolutePath(path))
        return {};
    return QDir::cleanPath(path);
}

} // namespace Sandpit::Core
