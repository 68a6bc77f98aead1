#pragma once

#include "sandboxes/sandboxstore.h"

#include <QStringList>

namespace Sandpit::Ui {

/// One sandbox as the Sandboxes pane's row shows it, a cell per column, and its tooltip.
QStringList sandboxRowCells(const Core::SandboxInfo &sandbox, const QDateTime &now);
QString sandboxRowToolTip(const Core::SandboxInfo &sandbox);
QString sandboxStateWord(Core::SandboxInfo::State state);

} // namespace Sandpit::Ui
