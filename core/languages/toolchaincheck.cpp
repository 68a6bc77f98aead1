#include "languages/toolchaincheck.h"

#include <QProcess>

namespace Sandpit::Core {

namespace {
// A toolchain that has not answered --version by then is hung or waits for input; the doctor
// says so rather than wait for it.
constexpr int kVersionTimeoutMs = 5000;

QString versionOf(const QString &program)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, {QStringLiteral("--version")}, QIODevice::ReadOnly);
    if (!process.waitForFinished(kVersionTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("(did not answer --version)");
    }
    for (const QByteArray &line : process.readAllStandardOutput().split('\n')) {
        if (!line.trimmed().isEmpty())
            return QString::fromUtf8(line.trimmed());
    }
    return {};
}
} // namespace

QList<ToolchainCheck> checkToolchains(const LanguageRegistry &languages, const QStringList &searchPath)
{
    QList<ToolchainCheck> checks;
    for (const Language &language : languages.languages()) {
        if (!language.canRun())
            continue;
        ToolchainCheck check;
        check.language = language.id;
        check.name = language.name;
        check.installHint = language.installHint;
        const auto found = findToolchains(language, searchPath);
        if (!found) {
            check.missing = found.error().message;
        } else {
            check.found = true;
            check.path = found->compile.isEmpty() ? found->run : found->compile;
            if (!check.path.isEmpty())
                check.version = versionOf(check.path);
        }
        checks << check;
    }
    return checks;
}

} // namespace Sandpit::Core
