#include "terminal/replrequest.h"

#include "languages/language.h"

namespace Sandpit::Ui {

bool hasRepl(const Core::Language *language)
{
    return language && language->repl.has_value();
}

std::expected<Core::RunRequest, Core::RunError> replRequest(const ReplChoice &choice, Core::RunRequestBuilder builder,
                                                            Core::TerminalSize size)
{
    // Open REPL passes no program (a null code): the prompt comes at once. Run in REPL passes
    // the editor's, which runs first and leaves its names defined.
    builder.repl(choice.language, size, choice.fileName, choice.runFileFirst ? choice.code : QString());
    auto built = builder.build();
    if (!built)
        return std::unexpected(built.error().error);
    return *built;
}

} // namespace Sandpit::Ui
