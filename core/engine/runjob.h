#pragma once

#include "files/artifactlisting.h"
#include "model/runerror.h"
#include "model/runresult.h"
#include "model/terminalsize.h"

#include <QObject>

namespace Sandpit::Core {

/// One run in progress. Lives on the engine's worker thread; its signals fire there.
/// Exactly one of finished() or failed() is emitted, once.
class RunJob : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual void start() = 0;
    /// Stops the program and its whole process tree; the result says KillReason::Cancelled.
    virtual void cancel() = 0;
    virtual void writeInput(const QByteArray &data) = 0;
    virtual void closeInput() = 0;
    /// A run on a terminal (RunRequest::terminal): the user's terminal changed size. Other
    /// runs have no terminal, and ignore it.
    virtual void resizeTerminal(const TerminalSize &size) { Q_UNUSED(size) }

Q_SIGNALS:
    void started();
    void outputReceived(Sandpit::Core::OutputStream stream, const QByteArray &data);
    /// While the program runs: what its output folder holds so far, when that changed.
    void artifactsListed(const Sandpit::Core::ArtifactListing &listing);
    /// How many bytes given to writeInput() the job still holds, not yet passed on to the
    /// program, each time that changed: a writer waits while it is large (back-pressure).
    void inputBacklogChanged(qint64 bytes);
    void finished(const Sandpit::Core::RunResult &result);
    void failed(const Sandpit::Core::RunError &error);
};

} // namespace Sandpit::Core
