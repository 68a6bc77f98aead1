#pragma once

#include <string>
#include <utility>
#include <vector>

namespace Sandpit::Helper {

/// The report file, as "key=value" lines in the order added.
class Report
{
public:
    void add(const char *key, const std::string &value);
    void add(const char *key, long long value);
    /// Writes to a temporary name and renames, so the engine never reads half a report.
    bool writeTo(const std::string &path) const;

private:
    std::vector<std::pair<std::string, std::string>> m_entries;
};

} // namespace Sandpit::Helper
