#include "engine/languagesteps.h"

#include "files/keptworkspace.h"
#include "files/workspace.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace Sandpit::Core {

Expected<const Language *> checkRequest(const LanguageRegistry &languages, const RunRequest &request)
{
    const Language *language = languages.find(request.language);
    if (!language) {
        return makeError(RunError::Code::UnknownLanguage,
                         QStringLiteral("Sandpit does not know the language \"%1\".").arg(request.language));
    }
    if (!language->canRun()) {
        return makeError(RunError::Code::UnknownLanguage,
                         QStringLiteral("Sandpit can edit %1 files but cannot run them yet.").arg(language->name));
    }
    auto entry = std::find_if(request.sources.begin(), request.sources.end(),
                              [&](const SourceFile &f) { return f.name == request.entryFile; });
    if (entry == request.sources.end()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The file to run, \"%1\", is not among the sources.").arg(request.entryFile));
    }
    if (entry->content.trimmed().isEmpty())
        return makeError(RunError::Code::BadRequest, QStringLiteral("Nothing to run: the program is empty."));
    // Before a sandbox or container is taken: a missing attachment is the user's to fix.
    for (const InputFile &input : request.inputFiles) {
        if (!QFileInfo::exists(input.hostPath))
            return std::unexpected(missingInputError(input));
    }
    if (!request.keptWorkspace.isEmpty()) {
        if (auto prepared = KeptWorkspace::prepare(request.keptWorkspace); !prepared)
            return std::unexpected(prepared.error());
    }
    return language;
}

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
