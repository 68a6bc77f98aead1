#pragma once

#include <QString>

namespace Sandpit::Core {

/// A folder the user typed, as a clean absolute path: "~/x" is what people type, so "~" is
/// their home; an empty or relative folder would land wherever Sandpit was started from, so
/// it is empty (unset).
QString absoluteFolder(const QString &text);

} // namespace Sandpit::Core
