#pragma once

#include "model/killreason.h"
#include "model/runlimits.h"
#include "model/runrequest.h"
#include "model/runresult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <expected>
#include <optional>

namespace Sandpit::Core {

/// One finished run as the history keeps it: the code that ran, what it ran under and how it
/// ended. A plain value; it is stored as one JSON file (see RunHistory).
struct RunRecord {
    /// Each of stdout and stderr is kept up to this size: the history is for finding a run
    /// again, not an archive of everything a program printed.
    static constexpr qsizetype kOutputCapBytes = 64 * 1024;
    static constexpr int kFormat = 1;

    QString id;       ///< the record's file name without ".json"; set by RunHistory
    QDateTime time;   ///< when the run finished, UTC
    QString fileName; ///< the program's file name, e.g. "main.py"
    QString language;
    QString backend; ///< the backend asked for; result's "backend" is the one that ran it
    QString code;
    Limits limits;
    QJsonObject result;        ///< resultToJson() of the run, output bodies capped
    bool stdoutCapped = false; ///< true when the stored stdout is shorter than the run's
    bool stderrCapped = false;

    static RunRecord fromRun(const RunRequest &request, const RunResult &result, const QDateTime &time);

    QJsonObject toJson() const;
    /// A record from its JSON; an error names the first thing missing or malformed.
    static std::expected<RunRecord, QString> fromJson(const QJsonObject &json);

    KillReason killReason() const;
    std::optional<int> exitCode() const;
    qint64 wallMs() const;
    /// "ok", "wrong answer at line 3" (its output was not the expected one), "exit 3", "crashed" (it died of a signal of its own), or "stopped" (by a limit,
    /// the seccomp filter or the user: see killReason()).
    QString status() const;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::RunRecord)
