#include "engine/languagesteps.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace Sandpit::Core {

QStringList runCommand(const Language &language, const QString &toolchain, const RunRequest &request)
{
    return stepCommand(language.run, {toolchain, request.entryFile, request.limits.memoryBytes, {}})
        + request.arguments;
}

namespace {
/// The sources compiled with the entry: the request's own files (not the language's support
/// files in the build folder) with the entry's extension, in the request's order.
QStringList otherSources(const RunRequest &request)
{
    const QString suffix = QFileInfo(request.entryFile).suffix();
    const QString build = QLatin1String(kBuildDir) + QLatin1Char('/');
    QStringList others;
    for (const SourceFile &source : request.sources) {
        if (source.name != request.entryFile && !source.name.startsWith(build)
            && QFileInfo(source.name).suffix() == suffix)
            others << source.name;
    }
    return others;
}
} // namespace

QStringList compileCommand(const Language &language, const QString &toolchain, const RunRequest &request)
{
    Q_ASSERT(language.compile);
    return stepCommand(*language.compile,
                       {toolchain, request.entryFile, request.limits.memoryBytes, otherSources(request)});
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
