#pragma once

#include "model/runerror.h"
#include "model/runlimits.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// One step of a language: compiling, or running. Its command may use the placeholders
/// {toolchain}, {entry}, {entry_stem}, {build}, {binary}, {memory_mb} and {other_sources}
/// (see stepCommand()).
struct LanguageStep {
    /// Executable names tried in order for {toolchain}. Empty: the step needs none (a run
    /// step that starts the program the compile step built).
    QStringList toolchain;
    QStringList command;
    /// What this step's limits change from its base: the compile step's defaults
    /// (defaultCompileLimits()), or the run's limits from the settings.
    LimitOverrides limits;
};

/// How a language's interactive interpreter starts, on a terminal (languages.json "repl").
/// Both commands name their program plainly ("python3"): the backend finds it as it finds
/// toolchains.
struct LanguageRepl {
    QStringList command; ///< the REPL alone: {"python3", "-i", "-q"}
    /// The REPL after the file {entry} ran in it, its top-level names still defined, as after
    /// a run in Thonny: {"python3", "-i", "-q", "{entry}"}.
    QStringList withFile;
};

/// One language as defined in a languages JSON file.
struct Language {
    QString id;
    QString name;
    QStringList extensions; ///< without the dot, lower case
    QString lexer;          ///< the editor's lexer name ("python", "cpp", ...)
    QString lineComment;    ///< what starts a line comment ("#", "//"); empty: none
    int indentWidth = 4;    ///< spaces per indentation level in the editor
    QString installHint;    ///< how to install the toolchains, for messages
    std::optional<LanguageStep> compile;
    LanguageStep run;                   ///< an empty command: the language can be edited, not run
    QMap<QString, QString> environment; ///< for both steps
    QString dockerImage;
    QString templateCode;
    QString defaultFileName; ///< what an unsaved program is called when it runs ("main.py")
    /// Built-in files (resources/languages/support/) put in the build folder before compiling,
    /// or, for a language without a compile step, beside the program.
    QStringList supportFiles;
    /// Which DiagnosticParser formats read this language's output ("gcc", "python", ...).
    QStringList diagnosticFormats;
    std::optional<LanguageRepl> repl; ///< none: the language has no REPL

    bool canRun() const { return !run.command.isEmpty(); }
    bool isCompiled() const { return compile.has_value(); }
};

/// The folder, relative to the program's working directory, where the compile step writes
/// and the run step finds what was built.
inline constexpr const char *kBuildDir = ".sandpit";

/// The compile step's limits before the language's own: generous enough for a C++ program
/// that includes half the standard library, small enough to stop a compile bomb quickly.
Limits defaultCompileLimits();

/// Where toolchains are looked for. Deliberately not $PATH: the sandbox shows the program only
/// the system directories, so a toolchain under $HOME (pyenv, nvm, rustup) would not run inside it.
QStringList defaultToolchainSearchPath();

/// The first candidate found as an executable file in `searchPath`, as an absolute path.
std::optional<QString> findToolchain(const QStringList &candidates, const QStringList &searchPath);

/// The absolute toolchain of each step that needs one (empty for a step that needs none).
struct Toolchains {
    QString compile;
    QString run;
};

/// Both steps' toolchains, or MissingToolchain with a message that names what is missing,
/// where it was looked for, and how to install it.
Expected<Toolchains> findToolchains(const Language &language, const QStringList &searchPath);

/// What the placeholders of a step's command stand for in one run.
struct StepContext {
    QString toolchain;      ///< {toolchain}
    QString entry;          ///< {entry}: the entry file, relative to the working directory
    qint64 memoryBytes = 0; ///< {memory_mb}: the step's memory limit
    /// {other_sources}, a whole argument that becomes one argument per file (none for a
    /// one-file program): the run's other source files with the entry's extension, so that a
    /// harness's driver and the learner's file are compiled and linked together.
    QStringList otherSources;
};

/// The REPL's command, with the file `entry` run into it first when not empty.
QStringList replCommand(const LanguageRepl &repl, const QString &entry);

/// `step`'s command with its placeholders filled in. {build} is kBuildDir, {binary} is
/// "./{build}/{entry_stem}" and {entry_stem} the entry's file name without its extension.
QStringList stepCommand(const LanguageStep &step, const StepContext &context);

} // namespace Sandpit::Core
