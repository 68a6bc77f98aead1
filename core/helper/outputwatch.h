#pragma once

#include "init.h"

#include <string>

namespace Sandpit::Helper {

/// While the program runs, the engine shows the files appearing in its folder (all of /work
/// with --collect-changes, which the engine sorts out from Sandpit's own; else output/):
/// init, which alone sees the private /work, sends the list when it changed.
class OutputWatch
{
public:
    OutputWatch(const InitContext &ctx, const Options &run);

    /// Called on every watch tick; lists the folder every few ticks.
    void tick();

private:
    const InitContext &m_ctx;
    const std::string m_path;
    std::string m_last;
    long m_ticks = 0;
};

} // namespace Sandpit::Helper
