#pragma once

#include "engine/doctorreport.h"

#include <QJsonObject>

namespace Sandpit::Core {

/// `sandpit doctor --json`: a stable object, documented in the README. Keys are only ever
/// added, never renamed or removed; a value that is not known is null.
QJsonObject doctorJson(const DoctorReport &report);

} // namespace Sandpit::Core
