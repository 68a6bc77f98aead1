#include "options.h"

#include "terminal.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace Sandpit::Helper {

namespace {

struct Numeric {
    const char *name;
    long long Options::*field;
};

constexpr Numeric kNumerics[] = {
    {"--timeout-ms", &Options::timeoutMs},          {"--cpu-ms", &Options::cpuMs},
    {"--memory-bytes", &Options::memoryBytes},      {"--processes", &Options::processes},
    {"--file-size-bytes", &Options::fileSizeBytes}, {"--open-files", &Options::openFiles},
    {"--output-bytes", &Options::outputBytes},      {"--work-size-bytes", &Options::workSizeBytes},
    {"--work-inodes", &Options::workInodes},        {"--events-fd", &Options::eventsFd},
    {"--seccomp-fd", &Options::seccompFd},          {"--control-fd", &Options::controlFd},
    {"--cpu-millis", &Options::cpuMillis},          {"--log-bytes", &Options::logBytes},
};

struct Text {
    const char *name;
    std::string Options::*field;
};

constexpr Text kTexts[] = {
    {"--workspace", &Options::workspace},
    {"--report", &Options::report},
    {"--job", &Options::job},
    {"--collect-dir", &Options::collectDir},
    {"--allow-weaker", &Options::allowWeaker},
    {"--hold", &Options::hold},
    {"--enter", &Options::enter},
    {"--work-bind", &Options::workBind},
    {"--pty", &Options::pty},
    {"--proxy-socket", &Options::proxySocket},
};

bool parseCount(const std::string &text, long long &out)
{
    errno = 0;
    char *end = nullptr;
    const long long value = std::strtoll(text.c_str(), &end, 10);
    if (errno != 0 || end == text.c_str() || *end != '\0' || value < 0)
        return false;
    out = value;
    return true;
}

bool parseOne(const std::string &arg, const std::string &value, Options &options, std::string &error)
{
    if (arg == "--collect-dir"
        && (value.empty() || value == "." || value == ".." || value.find('/') != std::string::npos)) {
        error = "--collect-dir needs one folder name inside the workspace, got " + value;
        return false;
    }
    if (arg == "--proxy-socket" && (value.empty() || value[0] != '/')) {
        error = "--proxy-socket needs an absolute path, got " + value;
        return false;
    }
    if (arg == "--allow-weaker" && value != "never" && value != "partial" && value != "none") {
        error = "--allow-weaker needs never, partial or none, got " + value;
        return false;
    }
    if (WindowSize size; arg == "--pty" && !parseWindowSize(value, size)) {
        error = "--pty needs COLSxROWS, each 1 to 1000, got " + value;
        return false;
    }
    for (const Text &t : kTexts) {
        if (arg == t.name) {
            options.*t.field = value;
            return true;
        }
    }
    for (const Numeric &n : kNumerics) {
        if (arg == n.name) {
            if (parseCount(value, options.*n.field))
                return true;
            error = arg + " needs a whole number >= 0, got " + value;
            return false;
        }
    }
    if (arg == "--ro-bind-try") {
        if (value.empty() || value[0] != '/') {
            error = "--ro-bind-try needs an absolute path, got " + value;
            return false;
        }
        options.readOnlyBinds.push_back(value);
        return true;
    }
    if (arg == "--env") {
        if (value.find('=') == std::string::npos) {
            error = "--env needs NAME=VALUE, got " + value;
            return false;
        }
        options.environment.push_back(value);
        return true;
    }
    error = "unknown option " + arg;
    return false;
}

} // namespace

bool parseArguments(const std::vector<std::string> &arguments, Options &options, std::string &error)
{
    size_t i = 0;
    for (; i < arguments.size(); ++i) {
        const std::string &arg = arguments[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "--share-network") {
            options.shareNetwork = true;
            continue;
        }
        if (arg == "--keep-work") {
            options.keepWork = true;
            continue;
        }
        if (arg == "--collect-changes") {
            options.collectChanges = true;
            continue;
        }
        if (i + 1 >= arguments.size()) {
            error = "option " + arg + " needs a value";
            return false;
        }
        if (!parseOne(arg, arguments[++i], options, error))
            return false;
    }
    for (; i < arguments.size(); ++i)
        options.command.push_back(arguments[i]);
    return true;
}

bool isComplete(const Options &options, std::string &error)
{
    if (options.workspace.empty() || options.report.empty() || options.command.empty()) {
        error = "usage: sandpit-helper --workspace DIR --report FILE [limits] -- PROGRAM [ARG]...\n"
                "   or: sandpit-helper --workspace DIR --report FILE --job FILE [limits]";
        return false;
    }
    return true;
}

std::vector<std::string> toArguments(const Options &options)
{
    std::vector<std::string> out;
    for (const Text &t : kTexts) {
        if (!(options.*t.field).empty())
            out.insert(out.end(), {t.name, options.*t.field});
    }
    for (const Numeric &n : kNumerics)
        out.insert(out.end(), {n.name, std::to_string(options.*n.field)});
    if (options.shareNetwork)
        out.push_back("--share-network");
    if (options.keepWork)
        out.push_back("--keep-work");
    if (options.collectChanges)
        out.push_back("--collect-changes");
    for (const std::string &path : options.readOnlyBinds)
        out.insert(out.end(), {"--ro-bind-try", path});
    for (const std::string &variable : options.environment)
        out.insert(out.end(), {"--env", variable});
    out.push_back("--");
    out.insert(out.end(), options.command.begin(), options.command.end());
    return out;
}

} // namespace Sandpit::Helper
