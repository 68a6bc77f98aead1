#include "sandboxstate.h"

#include "fdio.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Helper {

long long processStartTime(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    char buf[1024];
    const ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    // The name in parentheses may hold spaces and ')': the fields start after the last ')'.
    const char *field = std::strrchr(buf, ')');
    if (!field)
        return -1;
    // Field 3 (state) follows ") "; the start time is field 22.
    for (int i = 3; i <= 22 && field; ++i)
        field = std::strchr(field + 1, ' ');
    return field ? std::atoll(field + 1) : -1;
}

pid_t firstChildOf(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/task/%d/children", static_cast<int>(pid), static_cast<int>(pid));
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[64];
    const ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    buf[n > 0 ? n : 0] = '\0';
    return static_cast<pid_t>(std::atoi(buf));
}

bool writeKeyValues(const std::string &path, const KeyValues &values)
{
    std::string text;
    for (const auto &[key, value] : values)
        text += key + "=" + value + "\n";
    const std::string temporary = path + ".new";
    const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return false;
    // No fsync: the state lives on a tmpfs that a reboot clears anyway, and the rename alone
    // keeps readers from seeing half of it.
    const bool written = writeAll(fd, text.data(), text.size());
    close(fd);
    return written && rename(temporary.c_str(), path.c_str()) == 0;
}

std::string readKeyValue(const std::string &path, const std::string &key)
{
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return {};
    std::string text;
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        text.append(buf, static_cast<size_t>(n));
    close(fd);
    const std::string needle = key + "=";
    size_t pos = 0;
    while ((pos = text.find(needle, pos)) != std::string::npos) {
        if (pos == 0 || text[pos - 1] == '\n') {
            const size_t start = pos + needle.size();
            const size_t end = text.find('\n', start);
            return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        }
        pos += needle.size();
    }
    return {};
}

} // namespace Sandpit::Helper
