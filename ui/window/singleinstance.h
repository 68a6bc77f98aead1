#pragma once

#include <QStringList>

#include <functional>
#include <memory>

class QProcessEnvironment;
class QWidget;

namespace Sandpit::Ui {

class InstanceServer;

/// One Sandpit window per user and display, as file managers expect: a second `sandpit FILE`
/// hands FILE to the window already running and ends. Decided at start-up, before the second
/// start builds a window of its own.
class SingleInstance final
{
public:
    struct Claim {
        /// The running window has the files: this start ends, with status 0.
        bool delivered = false;
        /// This start is the window for its user and display (null with --new-window, when a
        /// running window did not answer, or when there is no private place for the socket).
        std::unique_ptr<InstanceServer> server;
    };

    /// Hands `files` (absolute paths) to a running window, or else becomes the one others
    /// hand theirs to.
    static Claim claim(const QStringList &files, const QProcessEnvironment &env);
    /// The command line's files as absolute paths, resolved against this process's working
    /// folder (the running window's may be another); `file://` URLs as their local files.
    static QStringList absoluteFiles(const QStringList &arguments);
    /// Files another start asked for open in `window` (through `open`), which comes to the front.
    static void serve(InstanceServer &server, QWidget &window, const std::function<void(const QString &)> &open);

    /// How long a second start waits for the running window to take its files before it
    /// opens a window of its own: a window that is busy for longer is as good as hung.
    static constexpr int kAnswerTimeoutMs = 3000;
};

} // namespace Sandpit::Ui
