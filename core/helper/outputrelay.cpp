#include "outputrelay.h"

#include "fdio.h"
#include "sandboxlog.h"

#include <algorithm>
#include <cerrno>
#include <unistd.h>

namespace Sandpit::Helper {

OutputRelay::OutputRelay(const Options &run)
    : m_run(run)
{
}

void OutputRelay::attach(int stdoutFd, int stderrFd)
{
    m_streams[Stdout] = {stdoutFd, STDOUT_FILENO, 0};
    m_streams[Stderr] = {stderrFd, STDERR_FILENO, 0};
}

void OutputRelay::replace(Stream stream, int fd)
{
    Pipe &pipe = m_streams[stream];
    if (pipe.fd >= 0)
        close(pipe.fd);
    pipe.fd = fd;
}

void OutputRelay::closeAll()
{
    for (Pipe &pipe : m_streams) {
        if (pipe.fd >= 0)
            close(pipe.fd);
        pipe.fd = -1;
    }
}

bool OutputRelay::relay(Stream which)
{
    Pipe &stream = m_streams[which];
    char buffer[65536];
    const ssize_t n = read(stream.fd, buffer, sizeof buffer);
    if (n <= 0) {
        // A pty's master says EIO, not end-of-file, once nothing holds the slave.
        if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            close(stream.fd);
            stream.fd = -1;
        }
        return true;
    }
    const long long total = m_streams[Stdout].bytes + m_streams[Stderr].bytes;
    long long allowed = n;
    if (m_run.outputBytes > 0)
        allowed = std::max(0LL, std::min<long long>(n, m_run.outputBytes - total));
    if (allowed > 0) {
        // A failed write means the engine went away; the run goes on until the death signal.
        writeAll(stream.target, buffer, static_cast<size_t>(allowed));
        if (m_tee)
            m_tee->append(buffer, static_cast<size_t>(allowed));
        stream.bytes += allowed;
    }
    if (allowed < n && !m_truncated)
        m_truncated = which == Stdout ? "stdout" : "stderr";
    return allowed == n;
}

} // namespace Sandpit::Helper
