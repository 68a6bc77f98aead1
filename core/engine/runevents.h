#pragma once

#include "files/artifactlisting.h"
#include "model/runerror.h"
#include "model/runresult.h"

#include <QObject>

namespace Sandpit::Core {

using RunId = quint64;

/// The events of runs, each with its run's id. RunWorker emits them for every run, on the
/// engine's thread; RunController emits them again on the GUI thread for the runs its clients
/// still want. One list for both, so that what the worker tells and what the window hears
/// cannot drift apart.
class RunEvents : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

Q_SIGNALS:
    void outputReceived(Sandpit::Core::RunId id, Sandpit::Core::OutputStream stream, const QByteArray &data);
    /// While a run goes: the files in its output folder so far, each time that changed (local
    /// sandbox, and Docker with the workspace bound). The result's list is the final word.
    void artifactsListed(Sandpit::Core::RunId id, const Sandpit::Core::ArtifactListing &listing);
    /// Input written to a run and not yet passed on to its program (RunJob::inputBacklogChanged):
    /// a relay of input stops reading while this is large, so a program that does not read
    /// cannot make Sandpit hold all that is written to it.
    void inputBacklogChanged(Sandpit::Core::RunId id, qint64 bytes);
    void runFinished(Sandpit::Core::RunId id, const Sandpit::Core::RunResult &result);
    void runFailed(Sandpit::Core::RunId id, const Sandpit::Core::RunError &error);
};

} // namespace Sandpit::Core
