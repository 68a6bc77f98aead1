#include "procfile.h"

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Helper {

bool readSmall(const char *path, char *buf, std::size_t size)
{
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const ssize_t n = read(fd, buf, size - 1);
    close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    return true;
}

long long kilobytesOf(const char *text, const char *key)
{
    const char *at = std::strstr(text, key);
    return at ? std::strtoll(at + std::strlen(key), nullptr, 10) : 0;
}

} // namespace Sandpit::Helper
