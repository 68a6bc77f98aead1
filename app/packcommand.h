#pragma once

#include <QStringList>

namespace Sandpit::App {

/// `sandpit pack SUBCOMMAND ...`.
int runPackCommand(const QStringList &arguments);

} // namespace Sandpit::App
