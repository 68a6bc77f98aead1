#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// One language as defined in a languages JSON file.
struct Language {
    QString id;
    QString name;
    QStringList extensions;          ///< without the dot, lower case
    QString lexer;                   ///< the editor's lexer name ("python", "cpp", ...)
    QStringList toolchainCandidates; ///< executable names tried in order
    QString installHint;             ///< how to install the toolchain, for the message
    QStringList runCommand;          ///< with {toolchain} and {entry} placeholders; empty: cannot run
    QMap<QString, QString> environment;
    QString dockerImage;
    QString templateCode;

    bool canRun() const { return !runCommand.isEmpty(); }
};

/// Where toolchains are looked for. Deliberately not $PATH: the sandbox shows the program only
/// the system directories, so a toolchain under $HOME (pyenv, nvm) would not run inside it.
QStringList defaultToolchainSearchPath();

/// The first candidate found as an executable file in `searchPath`, as an absolute path.
std::optional<QString> findToolchain(const Language &language, const QStringList &searchPath);

} // namespace Sandpit::Core
