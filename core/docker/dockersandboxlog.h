#pragma once

#include "model/runerror.h"
#include "sandboxes/sandboxstore.h"

#include <QByteArray>
#include <QString>

namespace Sandpit::Core {

/// The log of one Docker named sandbox: every command's output, on the host, in the sandbox's
/// state folder. Docker's own log holds PID 1's output only, never an exec's, and a daemon's
/// log driver may be "none" (Sandpit's containers use it), so Sandpit keeps its own. Whoever
/// runs a command appends under an exclusive lock, so two windows or shells in one sandbox
/// both log. The log is capped: past kCapBytes the oldest half goes, and the count of bytes
/// dropped so far is kept beside it, so that an offset into the log "as it grows" (logs
/// --follow) stays valid across a trim.
class DockerSandboxLog final
{
public:
    static constexpr qint64 kCapBytes = 4LL * 1024 * 1024;

    explicit DockerSandboxLog(QString path);

    const QString &path() const { return m_path; }
    /// Adds `data` at the end, trimming the oldest part past the cap.
    Expected<void> append(const QByteArray &data) const;
    /// What was appended from byte `from` of everything ever appended; what was trimmed away
    /// is skipped, and counted in `dropped`.
    Expected<SandboxLogRead> read(qint64 from) const;

private:
    QString m_path;
};

} // namespace Sandpit::Core
