#pragma once

#include "model/runerror.h"

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// The packages a program declared, written one way whatever the spelling: each requirement
/// with its name in PEP 503's canonical form ("Foo_Bar" and "foo.bar" are "foo-bar"), its
/// extras sorted, its whitespace collapsed; the whole list sorted and without repeats. Two
/// programs that ask for the same packages get the same set, and so share one environment.
struct RequirementSet {
    QStringList requirements;
    QString origin; ///< where they were declared, for messages: "requirements.txt", "main.py's script metadata"

    bool isEmpty() const { return requirements.isEmpty(); }
    /// The environment's name: the set and the interpreter (`interpreterTag`, which changes
    /// when Python does) hashed together, in hex.
    QString hash(const QString &interpreterTag) const;

    /// PEP 503: lower case, each run of "-", "_" and "." one "-".
    static QString canonicalName(const QString &name);
    /// The name a requirement line starts with ("requests" of "requests[socks]>=2"), canonical.
    static QString nameOf(const QString &requirement);
    /// From requirement lines (requirements.txt's, or PEP 723's `dependencies`). A pip option
    /// ("-r", "--index-url", ...) or a line that names no package is a BadRequest naming it:
    /// where packages come from is Sandpit's setting, not the program's.
    static Expected<RequirementSet> fromLines(const QStringList &lines, const QString &origin);
};

} // namespace Sandpit::Core
