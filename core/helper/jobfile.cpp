#include "jobfile.h"

#include "lineread.h"
#include "protocol.h"

#include <cerrno>
#include <cstdio>
#include <unistd.h>

namespace Sandpit::Helper {

std::vector<std::string> splitArguments(const std::string &text)
{
    std::vector<std::string> out;
    if (text.empty())
        return out;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == Protocol::kJobSeparator) {
            out.emplace_back(text, start, i - start);
            start = i + 1;
        }
    }
    return out;
}

std::string joinArguments(const std::vector<std::string> &arguments)
{
    std::string out;
    for (size_t i = 0; i < arguments.size(); ++i) {
        if (i > 0)
            out.push_back(Protocol::kJobSeparator);
        out += arguments[i];
    }
    return out;
}

bool waitForJob(Options &options, std::string &error)
{
    if (std::string go; !readLine(STDIN_FILENO, go, 0))
        return false;
    FILE *f = std::fopen(options.job.c_str(), "re");
    if (!f) {
        error = "cannot read the job file " + options.job;
        return false;
    }
    std::string text;
    char buffer[4096];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
        text.append(buffer, n);
    std::fclose(f);
    return parseArguments(splitArguments(text), options, error) && isComplete(options, error);
}

} // namespace Sandpit::Helper
