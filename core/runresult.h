#pragma once

#include "killreason.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// A file the program left in the workspace's output/ folder.
struct Artifact {
    QString path;      ///< relative to output/
    qint64 size = 0;
    QString mimeType;
};

/// Which protections were in force for a run, said honestly.
struct IsolationReport {
    enum class Level { Full, Partial, None };
    Level level = Level::None;
    QStringList details; ///< one plain sentence per protection that applied or did not, and why
};

QString isolationLevelId(IsolationReport::Level level);

enum class OutputStream { Stdout, Stderr };

/// How a run that took place ended. Produced only for runs that started.
struct RunResult {
    std::optional<int> exitCode;   ///< empty when the program died of a signal
    std::optional<int> signal;     ///< the terminating signal, if any
    KillReason killReason = KillReason::None;
    QString killDetail;            ///< one sentence for people
    qint64 wallMs = 0;
    qint64 cpuMs = 0;
    qint64 peakMemoryBytes = 0;
    QByteArray stdoutData;
    QByteArray stderrData;
    bool stdoutTruncated = false;
    bool stderrTruncated = false;
    QList<Artifact> artifacts;
    QString backend;               ///< the backend that really ran it
    QString language;
    IsolationReport isolation;
    QString notice;                ///< how the run differed from what was asked (a fallback), or empty

    /// True when the program ended on its own with exit code 0.
    bool succeeded() const { return killReason == KillReason::None && exitCode == 0; }
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::RunResult)
Q_DECLARE_METATYPE(Sandpit::Core::OutputStream)
