// sandpit-helper: the small, Qt-free process that builds the sandbox and supervises one run.
// The Qt engine starts it; after fork() in a threaded program only async-signal-safe calls
// are allowed, so everything that needs more happens here, in a single-threaded process.

#include "holder.h"
#include "options.h"
#include "protocol.h"
#include "seccompimage.h"
#include "supervisor.h"

#include <cstdio>
#include <cstring>

namespace {
// --export-seccomp: the compiled filter on stdout, for the engine to hand to later helpers.
int exportSeccomp()
{
    Sandpit::Helper::SeccompProgram program;
    if (const Sandpit::Helper::Step step = Sandpit::Helper::buildSeccompProgram(program); !step) {
        std::fprintf(stderr, "sandpit-helper: %s: %s\n", step.failed, std::strerror(step.error));
        return Sandpit::Helper::Protocol::kExitSetupFailed;
    }
    const std::string image = Sandpit::Helper::seccompImage(program);
    return std::fwrite(image.data(), 1, image.size(), stdout) == image.size() && std::fflush(stdout) == 0 ? 0 : 1;
}
} // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--export-seccomp") == 0)
        return exportSeccomp();
    Sandpit::Helper::Options options;
    std::string error;
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    if (!Sandpit::Helper::parseArguments(arguments, options, error)
        || (options.job.empty() && options.hold.empty() && !Sandpit::Helper::isComplete(options, error))) {
        std::fprintf(stderr, "sandpit-helper: %s\n", error.c_str());
        return Sandpit::Helper::Protocol::kExitUsage;
    }
    if (!options.hold.empty())
        return Sandpit::Helper::runHolder(options);
    return Sandpit::Helper::runSupervisor(options);
}
