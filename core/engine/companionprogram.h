#pragma once

#include <QString>

namespace Sandpit::Core {

/// A program that ships with Sandpit (sandpit-helper, sandpit-seccomp): `environmentVariable`
/// if set, else next to the running program (a build tree), else in ../libexec/sandpit (an
/// install). Empty when there is none.
QString findCompanionProgram(const QString &name, const char *environmentVariable);

} // namespace Sandpit::Core
