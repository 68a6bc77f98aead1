#include "languages/language.h"

#include <QFileInfo>

namespace Sandpit::Core {

Limits defaultCompileLimits()
{
    Limits limits;
    limits.wallTimeMs = 30'000;
    limits.memoryBytes = 512LL * 1024 * 1024;
    // A page of errors is what a learner reads; a template error in C++ can run to megabytes.
    limits.outputBytes = 256LL * 1024;
    return limits;
}

QStringList defaultToolchainSearchPath()
{
    return {QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/bin"), QStringLiteral("/bin")};
}

std::optional<QString> findToolchain(const QStringList &candidates, const QStringList &searchPath)
{
    for (const QString &candidate : candidates) {
        for (const QString &dir : searchPath) {
            const QFileInfo info(dir + QLatin1Char('/') + candidate);
            if (info.isFile() && info.isExecutable())
                return info.absoluteFilePath();
        }
    }
    return std::nullopt;
}

Expected<Toolchains> findToolchains(const Language &language, const QStringList &searchPath)
{
    Toolchains found;
    const auto find = [&](const LanguageStep &step, QString &out) -> Expected<void> {
        if (step.toolchain.isEmpty())
            return {};
        if (auto path = findToolchain(step.toolchain, searchPath)) {
            out = *path;
            return {};
        }
        QString message = QStringLiteral("%1 needs %2, which is not installed here (looked in %3).")
                              .arg(language.name, step.toolchain.join(QStringLiteral(" or ")),
                                   searchPath.join(QStringLiteral(", ")));
        if (!language.installHint.isEmpty())
            message += QStringLiteral(" Install it with: %1").arg(language.installHint);
        return makeError(RunError::Code::MissingToolchain, message);
    };
    if (language.compile) {
        if (auto compile = find(*language.compile, found.compile); !compile)
            return std::unexpected(compile.error());
    }
    if (auto run = find(language.run, found.run); !run)
        return std::unexpected(run.error());
    return found;
}

QStringList replCommand(const LanguageRepl &repl, const QString &entry)
{
    if (entry.isEmpty())
        return repl.command;
    QStringList command;
    for (const QString &part : repl.withFile)
        command << QString(part).replace(QLatin1String("{entry}"), entry);
    return command;
}

QStringList stepCommand(const LanguageStep &step, const StepContext &context)
{
    const QString stem = QFileInfo(context.entry).completeBaseName();
    const QString build = QLatin1String(kBuildDir);
    const QString binary
        = QStringLiteral("./") + build + QLatin1Char('/') + (stem.isEmpty() ? QStringLiteral("program") : stem);
    QStringList command;
    for (const QString &part : step.command) {
        if (part == QLatin1String("{other_sources}")) {
            command << context.otherSources;
            continue;
        }
        command << QString(part)
                       .replace(QLatin1String("{toolchain}"), context.toolchain)
                       .replace(QLatin1String("{entry_stem}"), stem)
                       .replace(QLatin1String("{entry}"), context.entry)
                       .replace(QLatin1String("{binary}"), binary)
                       .replace(QLatin1String("{build}"), build)
                       .replace(QLatin1String("{memory_mb}"), QString::number(context.memoryBytes / (1024 * 1024)));
    }
    return command;
}

} // namespace Sandpit::Core
