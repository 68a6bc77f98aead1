#include "lineread.h"

#include <cerrno>
#include <unistd.h>

namespace Sandpit::Helper {

bool readLine(int fd, std::string &line, size_t max)
{
    for (;;) {
        char c = 0;
        const ssize_t n = read(fd, &c, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        if (c == '\n')
            return true;
        if (line.size() < max)
            line += c;
    }
}

} // namespace Sandpit::Helper
