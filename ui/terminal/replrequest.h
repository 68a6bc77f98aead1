#pragma once

#include "engine/runrequestbuilder.h"
#include "model/runerror.h"
#include "model/runrequest.h"

#include <expected>

namespace Sandpit::Core {
struct Language;
}

namespace Sandpit::Ui {

/// What a REPL is started with: the tab's language and program, and whether the program runs
/// first (Run › Run in REPL) or the prompt comes straight away (Open REPL).
struct ReplChoice {
    const Core::Language *language = nullptr;
    QString fileName; ///< the file's own name, or empty for the language's default
    QString code;
    bool runFileFirst = false;
};

/// The request for the REPL of `choice`, on a terminal of `size`, from `builder` (the window's
/// request for the program: backend, limits, input files). An error if the language has none.
/// The language's REPL is declared in languages.json ("repl"); RunRequestBuilder::repl()
/// makes the request.
std::expected<Core::RunRequest, Core::RunError> replRequest(const ReplChoice &choice, Core::RunRequestBuilder builder,
                                                            Core::TerminalSize size);

/// Whether `language` has a REPL Sandpit can open.
bool hasRepl(const Core::Language *language);

} // namespace Sandpit::Ui
