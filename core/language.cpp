#include "language.h"

#include <QFileInfo>

namespace Sandpit::Core {

QStringList defaultToolchainSearchPath()
{
    return {QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/bin"), QStringLiteral("/bin")};
}

std::optional<QString> findToolchain(const Language &language, const QStringList &searchPath)
{
    for (const QString &candidate : language.toolchainCandidates) {
        for (const QString &dir : searchPath) {
            const QFileInfo info(dir + QLatin1Char('/') + candidate);
            if (info.isFile() && info.isExecutable())
                return info.absoluteFilePath();
        }
    }
    return std::nullopt;
}

} // namespace Sandpit::Core
