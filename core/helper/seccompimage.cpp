#include "seccompimage.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

constexpr std::uint32_t kMagic = 0x53505331; // "SPS1"
// The kernel's own limit on one filter's length (BPF_MAXINSNS).
constexpr std::uint32_t kMaxInstructions = 4096;
constexpr int kRequiredSeals = F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW;

struct Header {
    std::uint32_t magic;
    std::uint32_t allowListLength;
    std::uint32_t rulesLength;
};

Step fail(const char *step, int error)
{
    errno = error;
    return Step::fail(step);
}

} // namespace

std::string seccompImage(const SeccompProgram &program)
{
    const Header header{kMagic, static_cast<std::uint32_t>(program.allowList.size()),
                        static_cast<std::uint32_t>(program.rules.size())};
    std::string image(reinterpret_cast<const char *>(&header), sizeof header);
    for (const std::vector<sock_filter> *filter : {&program.allowList, &program.rules})
        image.append(reinterpret_cast<const char *>(filter->data()), filter->size() * sizeof(sock_filter));
    return image;
}

Step readSeccompImage(int fd, SeccompProgram &program)
{
    const int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0)
        return Step::fail("seccomp-image-seals");
    if ((seals & kRequiredSeals) != kRequiredSeals)
        return fail("seccomp-image-seals", EPERM);
    struct stat info { };
    if (fstat(fd, &info) != 0)
        return Step::fail("seccomp-image-size");
    Header header{};
    if (pread(fd, &header, sizeof header, 0) != static_cast<ssize_t>(sizeof header))
        return fail("seccomp-image-read", EIO);
    const bool sane = header.magic == kMagic && header.allowListLength > 0 && header.rulesLength > 0
        && header.allowListLength <= kMaxInstructions && header.rulesLength <= kMaxInstructions
        && static_cast<std::uint64_t>(info.st_size)
            == sizeof header + (std::uint64_t{header.allowListLength} + header.rulesLength) * sizeof(sock_filter);
    if (!sane)
        return fail("seccomp-image-format", EINVAL);
    program.allowList.resize(header.allowListLength);
    program.rules.resize(header.rulesLength);
    off_t offset = sizeof header;
    for (std::vector<sock_filter> *filter : {&program.allowList, &program.rules}) {
        const auto bytes = static_cast<ssize_t>(filter->size() * sizeof(sock_filter));
        if (pread(fd, filter->data(), static_cast<size_t>(bytes), offset) != bytes)
            return fail("seccomp-image-read", EIO);
        offset += bytes;
    }
    return Step::ok();
}

Step takeSeccompImage(long long fd, std::optional<SeccompProgram> &program)
{
    if (fd <= 0)
        return Step::ok();
    SeccompProgram image;
    const Step step = readSeccompImage(static_cast<int>(fd), image);
    close(static_cast<int>(fd));
    if (step)
        program = std::move(image);
    return step;
}

} // namespace Sandpit::Helper
