#pragma once

#include "model/runerror.h"
#include "model/runresult.h"

#include <QElapsedTimer>
#include <QString>

namespace Sandpit::Ui {

/// A tab's last run as the Run pane shows it: never run, going, ended with a result, or
/// refused. Each tab keeps its own, so the pane can show it again when the tab comes back.
struct LastRun {
    enum class Kind { None, Running, Finished, Failed, Replaced };

    static LastRun running(const QString &description)
    {
        LastRun run;
        run.kind = Kind::Running;
        run.description = description;
        run.started.start();
        return run;
    }
    static LastRun finished(const Core::RunResult &result)
    {
        LastRun run;
        run.kind = Kind::Finished;
        run.result = result;
        return run;
    }
    static LastRun failed(const Core::RunError &error)
    {
        LastRun run;
        run.kind = Kind::Failed;
        run.error = error;
        return run;
    }
    /// Its result never comes: the run was cancelled because another tab's program started.
    static LastRun replaced(const QString &description)
    {
        LastRun run;
        run.kind = Kind::Replaced;
        run.description = description;
        return run;
    }

    Kind kind = Kind::None;
    QString description;   // "main.py (Python)", while running or once replaced
    QElapsedTimer started; // while running: the Run pane counts from here
    Core::RunResult result;
    Core::RunError error;
};

} // namespace Sandpit::Ui
