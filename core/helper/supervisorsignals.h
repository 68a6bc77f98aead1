#pragma once

#include "step.h"

namespace Sandpit::Helper {

/// The helper dies with the engine's thread that started it (init dies with the helper), and
/// hears Stop (SIGTERM, SIGINT, SIGHUP) and its own children's end (SIGCHLD) on the signalfd
/// this opens into `sigFd`. SIGPIPE is ignored: an engine gone away is a failed write.
Step listenForSignals(int &sigFd);

} // namespace Sandpit::Helper
