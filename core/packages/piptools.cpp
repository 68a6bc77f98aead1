#include "packages/piptools.h"

#include <QCollator>
#include <QDir>

#include <algorithm>

namespace Sandpit::Core {

namespace {
QString newest(const QDir &folder, const QString &pattern)
{
    QStringList names = folder.entryList({pattern}, QDir::Files);
    if (names.isEmpty())
        return {};
    // pip-9 before pip-23: numbers compared as numbers.
    QCollator collator;
    collator.setNumericMode(true);
    std::sort(names.begin(), names.end(), collator);
    return folder.filePath(names.last());
}
} // namespace

Expected<PipTools> PipTools::find(const QString &folder)
{
    const QDir dir(folder);
    PipTools tools{newest(dir, QStringLiteral("pip-*.whl")), newest(dir, QStringLiteral("setuptools-*.whl"))};
    if (tools.pipWheel.isEmpty())
        return makeError(RunError::Code::MissingToolchain,
                         QStringLiteral("Installing a program's packages needs pip's wheel in %1, which is not "
                                        "there. Install it: sudo apt install python3-pip-whl python3-setuptools-whl")
                             .arg(folder));
    return tools;
}

} // namespace Sandpit::Core
