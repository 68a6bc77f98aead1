// sandpit-helper: the small, Qt-free process that builds the sandbox and supervises one run.
// The Qt engine starts it; after fork() in a threaded program only async-signal-safe calls
// are allowed, so everything that needs more happens here, in a single-threaded process.

#include "options.h"
#include "protocol.h"
#include "supervisor.h"

#include <cstdio>

int main(int argc, char **argv)
{
    Sandpit::Helper::Options options;
    std::string error;
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    if (!Sandpit::Helper::parseArguments(arguments, options, error)
        || (options.job.empty() && !Sandpit::Helper::isComplete(options, error))) {
        std::fprintf(stderr, "sandpit-helper: %s\n", error.c_str());
        return Sandpit::Helper::Protocol::kExitUsage;
    }
    return Sandpit::Helper::runSupervisor(options);
}
