#pragma once

#include <string>

namespace Sandpit::Helper {

/// The output of every command of a named sandbox, for `sandpit sandbox logs`. Two files keep
/// the newest part within the cap: when the current one would pass half the cap it becomes
/// the old one (the older part is dropped, and counted in kLogDroppedFile) and a new one
/// begins. Commands running at once share the files under an flock, so their writes are never
/// torn apart.
class SandboxLog
{
public:
    SandboxLog() = default;
    SandboxLog(const SandboxLog &) = delete;
    SandboxLog &operator=(const SandboxLog &) = delete;
    ~SandboxLog();

    /// Opens the log in `stateDir`; without it (the folder went), appends do nothing.
    void open(const std::string &stateDir, long long capBytes);
    void append(const char *data, size_t size);

private:
    void reopenIfTurned();
    void turn();
    void countDropped() const;

    std::string m_path;
    std::string m_oldPath;
    std::string m_droppedPath;
    long long m_half = 0;
    int m_fd = -1;
};

} // namespace Sandpit::Helper
