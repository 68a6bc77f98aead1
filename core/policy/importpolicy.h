#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// A teaching aid, not a security boundary: which Python modules an exercise or the user's
/// settings warn about or block. The check (core/policy/PolicyJob) reads the program's imports
/// with Python's own `ast` in the sandbox before the program runs; `exec("import os")` or
/// `getattr(__builtins__, ...)` get round it, and the sandbox is what contains them. A plain
/// value in RunRequest; empty means no check at all.
struct ImportPolicy {
    enum class Rule { Warn, Block };

    QStringList warn;  ///< dotted module names: a warning on the line, and the program runs
    QStringList block; ///< dotted module names: the run ends at stage "policy"

    bool isEmpty() const { return warn.isEmpty() && block.isEmpty(); }

    /// What the policy says about importing `module` (absolute, dotted), and about each of
    /// `names` taken from it (`from os import path` is also `os.path`). A rule for `os` covers
    /// `os.path`; a block wins over a warning. Nothing when no rule names it.
    std::optional<Rule> ruleFor(const QString &module, const QStringList &names = {}) const;
    /// The rule's own name that matched, for the message ("os" for `import os.path`).
    QString matchedName(Rule rule, const QString &module, const QStringList &names = {}) const;

    /// A module name as a teacher writes it: identifiers joined by dots ("os", "os.path").
    static bool isModuleName(const QString &name);
    /// "os, socket" or "os socket" (commas, spaces or new lines) as a list of names; the first
    /// name that is not a module name is the error, in a sentence.
    static std::optional<QStringList> parseList(const QString &text, QString *error);
    friend bool operator==(const ImportPolicy &, const ImportPolicy &) = default;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::ImportPolicy)
