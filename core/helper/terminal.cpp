#include "terminal.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// Far beyond any screen, small enough that a bad engine cannot ask the kernel for an absurd
// buffer: a program's own reflow works on rows times columns.
constexpr long kMaxCells = 1000;

bool parseCells(const char *text, const char *&end, unsigned short &out)
{
    // Digits only: strtol would also take a sign and leading spaces.
    if (*text < '0' || *text > '9')
        return false;
    errno = 0;
    char *stop = nullptr;
    const long value = std::strtol(text, &stop, 10);
    if (errno != 0 || stop == text || value < 1 || value > kMaxCells)
        return false;
    out = static_cast<unsigned short>(value);
    end = stop;
    return true;
}
// One byte of data (a message must carry some) and room for one descriptor.
struct DescriptorMessage {
    char byte = 'T';
    iovec data{&byte, 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr message{};

    DescriptorMessage()
    {
        message.msg_iov = &data;
        message.msg_iovlen = 1;
        message.msg_control = control;
        message.msg_controllen = sizeof control;
    }
    DescriptorMessage(const DescriptorMessage &) = delete;
    DescriptorMessage &operator=(const DescriptorMessage &) = delete;
};
} // namespace

bool parseWindowSize(const std::string &text, WindowSize &size)
{
    const char *end = nullptr;
    WindowSize parsed;
    if (!parseCells(text.c_str(), end, parsed.columns) || *end != 'x')
        return false;
    if (!parseCells(end + 1, end, parsed.rows) || *end != '\0')
        return false;
    size = parsed;
    return true;
}

// TIOCGPTPEER opens the slave through the master's own devpts mount instead of a path
// (ptsname), so no /dev/pts of another instance can be swapped in between.
Step openTerminal(const WindowSize &size, int &master, int &slave)
{
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0)
        return Step::fail("pty-open-ptmx");
    int unlock = 0;
    if (ioctl(master, TIOCSPTLCK, &unlock) != 0) {
        const Step step = Step::fail("pty-unlock");
        close(master);
        return step;
    }
    slave = ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (slave < 0) {
        const Step step = Step::fail("pty-open-slave");
        close(master);
        return step;
    }
    if (!setWindowSize(master, size)) {
        const Step step = Step::fail("pty-window-size");
        close(master);
        close(slave);
        return step;
    }
    return Step::ok();
}

bool setWindowSize(int master, const WindowSize &size)
{
    winsize window{};
    window.ws_col = size.columns;
    window.ws_row = size.rows;
    return ioctl(master, TIOCSWINSZ, &window) == 0;
}

bool sendDescriptor(int socket, int fd)
{
    DescriptorMessage envelope;
    cmsghdr *header = CMSG_FIRSTHDR(&envelope.message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
    ssize_t n;
    do
        n = sendmsg(socket, &envelope.message, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == 1;
}

int receiveDescriptor(int socket)
{
    DescriptorMessage envelope;
    ssize_t n;
    do
        n = recvmsg(socket, &envelope.message, MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
    const cmsghdr *header = n == 1 ? CMSG_FIRSTHDR(&envelope.message) : nullptr;
    if (!header || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS
        || header->cmsg_len != CMSG_LEN(sizeof(int)))
        return -1;
    int fd = -1;
    std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
    return fd;
}

} // namespace Sandpit::Helper
