#pragma once

#include "files/artifactstore.h"
#include "model/runlimits.h"
#include "model/runresult.h"
#include "model/terminalsize.h"
#include "network/allowlist.h"
#include "packages/packagesource.h"
#include "policy/importpolicy.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// A source file as the editor holds it; `name` is relative to the workspace.
struct SourceFile {
    QString name;
    QByteArray content;
};

/// A file or folder on the user's disk copied into the workspace before the run.
struct InputFile {
    QString hostPath;
    QString name; ///< name inside the workspace; empty means the host file's own name
};

/// Everything a backend needs to run a program. A plain value: it crosses threads by copy.
struct RunRequest {
    QString language; ///< a language id such as "python"
    QList<SourceFile> sources;
    QString entryFile;          ///< which of `sources` to run
    QByteArray stdinData;       ///< written to the program's stdin at start
    bool keepStdinOpen = false; ///< true: more input may follow (interactive); false: EOF after stdinData
    /// false: output reaches the caller only through outputReceived, and the result's
    /// stdoutData and stderrData stay empty. The window records output on disk itself, so a
    /// run that prints its whole output limit need not also sit in memory until it ends.
    bool keepOutputInResult = true;
    QStringList arguments;
    QList<InputFile> inputFiles;
    /// Empty: a fresh workspace (the default). Otherwise a folder on the user's disk that
    /// persists between runs: its files are the run's /work (under the inputs and sources,
    /// which are copied over them), and what /work holds when the run ends is copied back.
    QString keptWorkspace;
    Limits limits;
    QString backend; ///< "local" or "docker"; empty means the configured default
    /// Where to run instead when `backend` cannot be reached (its daemon is missing or
    /// refuses us); the result then carries a notice. Empty: fail instead.
    QString fallbackBackend;
    QString image; ///< Docker only: this image instead of the language's
    /// Local sandbox only: the weakest isolation the run may fall back to when this host
    /// cannot give it full isolation. Full (the default): refuse to run instead (fail closed).
    IsolationReport::Level weakestIsolation = IsolationReport::Level::Full;
    /// Where the artifacts are copied when the run ends; none: they are only listed.
    ArtifactKeeping keepArtifacts;
    /// Set: the program runs on a terminal (a pty inside the sandbox, of this size) instead of
    /// pipes: its stdout and stderr arrive together as OutputStream::Stdout, raw, escape
    /// sequences and all; writeInput() is what the user typed (Ctrl+C is the byte 0x03, which
    /// the pty turns into SIGINT for the program, not a kill of the sandbox); resizeTerminal()
    /// changes the size. Unset: pipes, as always.
    std::optional<TerminalSize> terminal;
    /// Non-empty: run exactly this command (argv[0] found on the sandbox's PATH, in /work)
    /// instead of the language's steps; the sources are still copied in. A REPL and
    /// `sandpit sandbox exec` use it.
    QStringList command;
    /// Non-empty: run in the named sandbox of this name (`sandpit sandbox create`), which
    /// outlives the run, instead of a fresh one. Its limits are the sandbox's own, shared by
    /// every command run in it.
    QString sandbox;
    /// Where a Python program's declared packages (PEP 723, requirements.txt) are installed
    /// from, and the setup step's limits (core/packages/).
    PackageSource packages;
    /// Empty (the default): no network at all, only the sandbox's own loopback. Otherwise the
    /// destinations the program may reach, through Sandpit's proxy outside the sandbox
    /// (core/network/): the program sees HTTP_PROXY and HTTPS_PROXY on its loopback, and every
    /// attempt, allowed or denied, is in RunResult::network. Nothing else has a route.
    QList<AllowedDestination> network;
    /// Empty (the default): no import check. Otherwise a Python program's imports are read in
    /// the sandbox before it runs (core/policy/): warned ones are diagnostics, a blocked one
    /// ends the run at stage Policy. A teaching aid: the sandbox is the security boundary.
    ImportPolicy importPolicy;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::RunRequest)
