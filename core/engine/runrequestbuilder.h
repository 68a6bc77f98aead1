#pragma once

#include "model/runerror.h"
#include "model/runrequest.h"
#include "settings/enginesettings.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <expected>
#include <optional>

namespace Sandpit::Core {

struct Language;
class LanguageRegistry;

/// Why no request could be built.
struct RequestError {
    /// true: what the caller chose is wrong (an unknown language, a limit out of bounds), which
    /// a command line reports as a usage error. false: the choices are fine but a file they
    /// name cannot be read, so the run could not take place.
    bool wrongChoice = false;
    RunError error;
};

/// Turns what a front end asks for (the window's editor, the command line's options) into a
/// RunRequest, with the engine settings filling in what was not asked. The one place that
/// decides the language, the limits, the backend and its Docker fallback, for every front end.
/// Each setter checks its value; the first problem is kept and build() returns it.
class RunRequestBuilder final
{
public:
    /// Where the backend choice came from: only one the settings made may be replaced.
    enum class Chosen { BySettings, ByCaller };
    /// A limit the caller may override, in the units people type.
    enum class Limit { TimeoutSeconds, MemoryMegabytes, OutputKilobytes };

    explicit RunRequestBuilder(const EngineSettings &settings);

    /// The editor's text as the program, named `fileName` (its own name; empty: the language's
    /// default, "main.py"). An empty editor and an unknown language (null) are errors.
    RunRequestBuilder &editorProgram(const Language *language, const QString &fileName, const QString &code);
    /// The program in the file at `path`, in the language `languageId`, or (empty) the one its
    /// extension says.
    RunRequestBuilder &programFile(const QString &path, const QString &languageId, const LanguageRegistry &languages);
    /// The program read from `fd` until its end (`sandpit run -`: standard input), in the
    /// language `languageId`, under the language's default file name ("main.py"); `origin`
    /// names it in errors. The language is checked first, so a missing one is said before
    /// anything waits for input.
    RunRequestBuilder &programStream(int fd, const QString &origin, const QString &languageId,
                                     const LanguageRegistry &languages);
    /// The language's REPL, on a terminal of `size` with stdin open for what the user types,
    /// under the settings' limits like a run. With `code` (not null), the editor's program,
    /// named `fileName` as for editorProgram(), runs in it first and its top-level names stay
    /// defined (Run in REPL); without, the REPL starts empty (Open REPL). A language without
    /// a REPL is an error.
    RunRequestBuilder &repl(const Language *language, const TerminalSize &size, const QString &fileName = {},
                            const QString &code = {});
    /// The program's command-line arguments (its argv[1…]), passed as they are: never through
    /// a shell. A compiled language's compiler never sees them.
    RunRequestBuilder &arguments(const QStringList &arguments);

    /// Overrides one of the settings' limits; `option` names it in the error ("timeout").
    RunRequestBuilder &limit(Limit which, const QString &option, const QString &text);
    /// Overrides the settings' backend, by its id in any case.
    RunRequestBuilder &backend(const QString &id, Chosen chosen);
    /// A Docker image instead of the language's. Naming an image asks for Docker, so the run is
    /// then not replaced by a local one either.
    RunRequestBuilder &image(const QString &image);
    /// Overrides the settings' weakest isolation, by its id ("never", "partial", "none").
    RunRequestBuilder &allowWeaker(const QString &id);
    /// `sandpit run --warn-import/--block-import`: these lists (each value "os" or "os, socket")
    /// replace the settings' import policy. A name that is not a module name is a wrong option.
    RunRequestBuilder &importPolicy(const QStringList &warn, const QStringList &block);

    /// The hosts the program may reach through Sandpit's proxy, instead of the settings'
    /// (`sandpit run --allow-net`); each entry may hold several, separated by commas. `option`
    /// names it in the error. An empty list leaves the settings' list in force.
    RunRequestBuilder &allowNetwork(const QStringList &entries, const QString &option);

    /// The program's whole input, then end of file.
    RunRequestBuilder &stdinData(const QByteArray &data);
    /// The program's whole input from the file at `path`, then end of file.
    RunRequestBuilder &stdinFile(const QString &path);
    /// stdin stays open for input that arrives while the program runs (writeInput).
    RunRequestBuilder &stdinOpen();

    /// Output reaches the caller only through RunController::outputReceived, not the result
    /// (RunRequest::keepOutputInResult).
    RunRequestBuilder &outputStreamedOnly();

    /// Files and folders on disk, copied into the workspace; a missing one is an error.
    RunRequestBuilder &attach(const QStringList &paths);
    /// Attachments already checked (the window's, whose files may come and go between runs).
    RunRequestBuilder &attach(const QList<InputFile> &inputFiles);
    /// Runs in this folder's files and keeps what the program leaves there; empty: a fresh
    /// workspace.
    RunRequestBuilder &workspace(const QString &folder);

    std::expected<RunRequest, RequestError> build() const;

private:
    void fail(bool wrongChoice, RunError error);
    const Language *languageFor(const QString &path, const QString &languageId, const LanguageRegistry &languages);

    EngineSettings m_settings;
    RunRequest m_request;
    Chosen m_chosen = Chosen::BySettings;
    std::optional<RequestError> m_error;
};

} // namespace Sandpit::Core
