#pragma once

#include "init.h"

#include <string>
#include <vector>

namespace Sandpit::Helper {

/// A level of isolation the kernel would not build: the step it refused and errno then.
struct Refusal {
    Isolation level = Isolation::Full;
    std::string step;
    int error = 0;
    bool sandboxStage = false; ///< refused inside init, while building the private file system
};

/// The weakest level the user allows ("never" → Full, "partial", "none").
Isolation weakestAllowed(const std::string &allowWeaker);

/// One plain sentence: what was refused, and what that usually means on such a host.
std::string describeRefusal(const Refusal &refusal);
/// What the user can do so that full isolation works, for these refusals.
std::string fixFor(const std::vector<Refusal> &refusals);

} // namespace Sandpit::Helper
