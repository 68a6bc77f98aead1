#pragma once

#include <QStringList>

namespace Sandpit::App {

/// `sandpit sandbox create|exec|shell|logs|stop|kill|rm|list …`: named sandboxes that outlive
/// the commands run in them, on either backend. Exit status: 0; for exec and shell the
/// command's own (as `sandpit run`); 2 for a wrong command line; 125 when Sandpit could not do
/// it (an unknown name, a name taken, a missing image, no Docker).
int runSandboxCommand(const QStringList &arguments);

} // namespace Sandpit::App
