#include "sandboxlog.h"

#include "fdio.h"
#include "sandboxprotocol.h"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// Never through a link: a root helper would append the learner's output wherever it pointed.
int openLogFile(const std::string &path)
{
    return ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
}

} // namespace

SandboxLog::~SandboxLog()
{
    if (m_fd >= 0)
        close(m_fd);
}

void SandboxLog::open(const std::string &stateDir, long long capBytes)
{
    m_path = stateDir + "/" + SandboxProtocol::kLogFile;
    m_oldPath = stateDir + "/" + SandboxProtocol::kOldLogFile;
    m_droppedPath = stateDir + "/" + SandboxProtocol::kLogDroppedFile;
    m_half = capBytes > 1 ? capBytes / 2 : 1;
    m_fd = openLogFile(m_path);
}

// Another command may have turned the log since we opened it: our descriptor then names the
// old file, and what we wrote there would be dropped at the next turn.
void SandboxLog::reopenIfTurned()
{
    struct stat ours {
    }, current{};
    if (fstat(m_fd, &ours) == 0 && stat(m_path.c_str(), &current) == 0 && ours.st_ino == current.st_ino)
        return;
    const int fd = openLogFile(m_path);
    if (fd < 0)
        return;
    close(m_fd);
    m_fd = fd;
    flock(m_fd, LOCK_EX);
}

// Under the lock of the current file, which readers hold too while they read all three.
void SandboxLog::countDropped() const
{
    struct stat old { };
    if (stat(m_oldPath.c_str(), &old) != 0 || old.st_size == 0)
        return;
    char text[32] = {};
    const int in = ::open(m_droppedPath.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    const ssize_t n = in >= 0 ? read(in, text, sizeof text - 1) : 0;
    if (in >= 0)
        close(in);
    const std::string count = std::to_string((n > 0 ? std::atoll(text) : 0) + old.st_size);
    const int out = ::open(m_droppedPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (out >= 0) {
        writeAll(out, count.data(), count.size());
        close(out);
    }
}

void SandboxLog::turn()
{
    countDropped();
    rename(m_path.c_str(), m_oldPath.c_str());
    const int fd = openLogFile(m_path);
    if (fd < 0)
        return;
    flock(fd, LOCK_EX);
    flock(m_fd, LOCK_UN);
    close(m_fd);
    m_fd = fd;
}

void SandboxLog::append(const char *data, size_t size)
{
    if (m_fd < 0 || size == 0)
        return;
    // More than the cap at once: only its newest part can be kept.
    if (static_cast<long long>(size) > m_half) {
        data += size - static_cast<size_t>(m_half);
        size = static_cast<size_t>(m_half);
    }
    flock(m_fd, LOCK_EX);
    reopenIfTurned();
    struct stat st { };
    if (fstat(m_fd, &st) == 0 && st.st_size + static_cast<long long>(size) > m_half)
        turn();
    writeAll(m_fd, data, size);
    flock(m_fd, LOCK_UN);
}

} // namespace Sandpit::Helper
