#pragma once

#include "engine/doctorreport.h"

#include <QString>

namespace Sandpit::Ui {

/// The doctor's report as the Help page shows it: the same facts as `sandpit doctor`, as
/// tables with ✓ and ✗ beside words (never colour alone) and the fix under what is missing.
QString doctorHtml(const Core::DoctorReport &report);

} // namespace Sandpit::Ui
