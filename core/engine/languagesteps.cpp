#include "engine/languagesteps.h"

#include <QFile>

#include <algorithm>

namespace Sandpit::Core {

QStringList runCommand(const Language &language, const QString &toolchain, const RunRequest &request)
{
    return stepCommand(language.run, {toolchain, request.entryFile, request.limits.memoryBytes}) + request.arguments;
}

QStringList compileCommand(const Language &language, const QString &toolchain, const RunRequest &request)
{
    Q_ASSERT(language.compile);
    return stepCommand(*language.compile, {toolchain, request.entryFile, request.limits.memoryBytes});
}

namespace {
QByteArray supportFile(const QString &name)
{
    QFile file(QStringLiteral(":/sandpit/languages/support/") + name);
    file.open(QIODevice::ReadOnly); // the registry has checked that it is there
    return file.readAll();
}
} // namespace

RunRequest runStepRequest(const Language &language, const RunRequest &request)
{
    RunRequest step = request;
    step.limits = language.run.limits.appliedTo(request.limits);
    if (!language.compile) {
        for (const QString &name : language.supportFiles) {
            const bool learnersOwn = std::any_of(request.sources.cbegin(), request.sources.cend(),
                                                 [&name](const SourceFile &s) { return s.name == name; });
            if (!learnersOwn)
                step.sources << SourceFile{name, supportFile(name)};
        }
    }
    return step;
}

RunRequest compileStepRequest(const Language &language, const RunRequest &request)
{
    Q_ASSERT(language.compile);
    RunRequest step;
    step.language = request.language;
    step.sources = request.sources;
    step.entryFile = request.entryFile;
    step.inputFiles = request.inputFiles; // headers a program includes may come as input files
    step.limits = language.compile->limits.appliedTo(defaultCompileLimits());
    step.backend = request.backend;
    step.image = request.image;
    for (const QString &name : language.supportFiles)
        step.sources << SourceFile{QLatin1String(kBuildDir) + QLatin1Char('/') + name, supportFile(name)};
    return step;
}

} // namespace Sandpit::Core
