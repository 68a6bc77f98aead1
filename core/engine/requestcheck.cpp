#include "engine/requestcheck.h"

#include "files/keptworkspace.h"
#include "files/workspace.h"

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
    // A command of the request's own (a REPL) needs no run step, and no file when it runs none.
    const bool ownCommand = !request.command.isEmpty();
    if (!language->canRun() && !ownCommand) {
        return makeError(RunError::Code::UnknownLanguage,
                         QStringLiteral("Sandpit can edit %1 files but cannot run them yet.").arg(language->name));
    }
    if (!ownCommand || !request.entryFile.isEmpty()) {
        auto entry = std::find_if(request.sources.begin(), request.sources.end(),
                                  [&](const SourceFile &f) { return f.name == request.entryFile; });
        if (entry == request.sources.end()) {
            return makeError(
                RunError::Code::BadRequest,
                QStringLiteral("The file to run, \"%1\", is not among the sources.").arg(request.entryFile));
        }
        if (entry->content.trimmed().isEmpty())
            return makeError(RunError::Code::BadRequest, QStringLiteral("Nothing to run: the program is empty."));
    }
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

} // namespace Sandpit::Core
