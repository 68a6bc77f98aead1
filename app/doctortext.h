#pragma once

#include "engine/doctorreport.h"

#include <QString>

namespace Sandpit::App {

/// `sandpit doctor` for people: ✓ and ✗ with words beside them (never colour alone), aligned,
/// and wrapped to 80 columns.
QString doctorText(const Core::DoctorReport &report);

} // namespace Sandpit::App
