#pragma once

#include "languages/languageregistry.h"

#include <QList>
#include <QString>

namespace Sandpit::Core {

/// A language's toolchain as the local backend would find it for a run.
struct ToolchainCheck {
    QString language; ///< the language's id
    QString name;     ///< its name for people
    bool found = false;
    QString path;        ///< the compiler, or for an interpreted language the interpreter
    QString version;     ///< the first line it prints for --version
    QString missing;     ///< what is missing and where it was looked for, when not found
    QString installHint; ///< how to install it ("sudo apt install python3")
};

/// Every language that can run, in the registry's order. Starts each toolchain found with
/// --version, so it blocks for a moment: call it off the GUI thread.
QList<ToolchainCheck> checkToolchains(const LanguageRegistry &languages, const QStringList &searchPath);

} // namespace Sandpit::Core
