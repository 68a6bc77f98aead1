#include "exercises/bundledcourses.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace Sandpit::Core {

QStringList bundledCourseFolders()
{
    // As the helper is found in ../libexec beside the binary (findCompanionProgram), the
    // courses are in ../share beside it: /usr/bin -> /usr/share when installed, build/bin ->
    // build/share in a build tree, where the build copies them.
    QString root = qEnvironmentVariable("SANDPIT_EXERCISES_DIR");
    if (root.isEmpty())
        root = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/sandpit/exercises");
    const QDir dir(root);
    QStringList folders;
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString folder = QDir::cleanPath(dir.absoluteFilePath(name));
        if (QFileInfo::exists(folder + QStringLiteral("/course.toml")))
            folders.append(folder);
    }
    return folders;
}

} // namespace Sandpit::Core
