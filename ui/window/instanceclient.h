#pragma once

#include <QStringList>

namespace Sandpit::Ui {

/// The second start's end of the instance socket (see InstanceServer): hands the files to the
/// window that is running, and waits briefly for it to say it has them. This blocks, on purpose:
/// it runs before the second start has a window, and a short wait decides whether it needs one.
class InstanceClient final
{
public:
    enum class Outcome {
        Delivered,  ///< the running window has the files
        NoInstance, ///< nobody listens (none runs, or a crashed one left its socket behind)
        NoAnswer,   ///< something listens but did not take the files in time
    };

    /// Sends `files` (absolute paths) to the Sandpit listening at `path`, waiting at most
    /// `timeoutMs` in all.
    static Outcome send(const QString &path, const QStringList &files, int timeoutMs);
};

} // namespace Sandpit::Ui
