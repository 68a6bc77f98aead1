#include "report.h"

#include <cstdio>

namespace Sandpit::Helper {

void Report::add(const char *key, const std::string &value)
{
    std::string clean = value;
    for (char &c : clean) {
        if (c == '\n' || c == '\r')
            c = ' ';
    }
    m_entries.emplace_back(key, std::move(clean));
}

void Report::add(const char *key, long long value)
{
    m_entries.emplace_back(key, std::to_string(value));
}

bool Report::writeTo(const std::string &path) const
{
    const std::string temporary = path + ".part";
    FILE *f = std::fopen(temporary.c_str(), "we");
    if (!f)
        return false;
    for (const auto &[key, value] : m_entries)
        std::fprintf(f, "%s=%s\n", key.c_str(), value.c_str());
    const bool ok = std::fflush(f) == 0;
    std::fclose(f);
    return ok && std::rename(temporary.c_str(), path.c_str()) == 0;
}

} // namespace Sandpit::Helper
