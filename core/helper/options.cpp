#include "options.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace Sandpit::Helper {

namespace {
bool parseCount(const char *text, long long &out)
{
    errno = 0;
    char *end = nullptr;
    const long long value = std::strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < 0)
        return false;
    out = value;
    return true;
}
} // namespace

bool parseOptions(int argc, char **argv, Options &options, std::string &error)
{
    struct Numeric {
        const char *name;
        long long Options::*field;
    };
    static constexpr Numeric numerics[] = {
        {"--timeout-ms", &Options::timeoutMs},
        {"--cpu-ms", &Options::cpuMs},
        {"--memory-bytes", &Options::memoryBytes},
        {"--processes", &Options::processes},
        {"--file-size-bytes", &Options::fileSizeBytes},
        {"--open-files", &Options::openFiles},
        {"--output-bytes", &Options::outputBytes},
        {"--work-size-bytes", &Options::workSizeBytes},
        {"--work-inodes", &Options::workInodes},
    };

    int i = 1;
    for (; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "--share-network") {
            options.shareNetwork = true;
            continue;
        }
        if (i + 1 >= argc) {
            error = "option " + arg + " needs a value";
            return false;
        }
        const char *value = argv[++i];
        if (arg == "--workspace") {
            options.workspace = value;
        } else if (arg == "--report") {
            options.report = value;
        } else if (arg == "--ro-bind-try") {
            if (value[0] != '/') {
                error = std::string("--ro-bind-try needs an absolute path, got ") + value;
                return false;
            }
            options.readOnlyBinds.emplace_back(value);
        } else if (arg == "--env") {
            if (std::strchr(value, '=') == nullptr) {
                error = std::string("--env needs NAME=VALUE, got ") + value;
                return false;
            }
            options.environment.emplace_back(value);
        } else {
            bool known = false;
            for (const Numeric &n : numerics) {
                if (arg == n.name) {
                    known = true;
                    if (!parseCount(value, options.*n.field)) {
                        error = arg + " needs a whole number >= 0, got " + value;
                        return false;
                    }
                }
            }
            if (!known) {
                error = "unknown option " + arg;
                return false;
            }
        }
    }
    for (; i < argc; ++i)
        options.command.emplace_back(argv[i]);
    if (options.workspace.empty() || options.report.empty() || options.command.empty()) {
        error = "usage: sandpit-helper --workspace DIR --report FILE [limits] -- PROGRAM [ARG]...";
        return false;
    }
    return true;
}

} // namespace Sandpit::Helper
