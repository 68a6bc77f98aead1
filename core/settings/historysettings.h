#pragma once

#include "model/runresult.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <expected>
#include <optional>

class QSettings;

namespace Sandpit::Core {

/// Which finished runs the history keeps.
enum class StorePolicy {
    Always,
    OnError, ///< runs that did not end on their own with exit code 0
    Never,
};

/// "always", "on-error", "never".
QString storePolicyId(StorePolicy policy);
std::optional<StorePolicy> storePolicyFromId(QStringView id);

/// The run history's configuration: the settings history/store and history/max_records, and
/// the environment variables SANDPIT_STORE_RUNS and SANDPIT_DATA_DIR.
struct HistorySettings {
    static constexpr int kDefaultMaxRecords = 200;

    StorePolicy policy = StorePolicy::Always;
    int maxRecords = kDefaultMaxRecords;
    /// Where the records go: $SANDPIT_DATA_DIR/history if set, else the user's data folder
    /// (QStandardPaths::AppDataLocation)/history.
    QString directory = defaultDirectory();
    QStringList environmentOverrides;

    /// Like EngineSettings::load: a bad value is an error naming the setting or variable.
    static std::expected<HistorySettings, QString> load(const QSettings &settings,
                                                        const QProcessEnvironment &environment);
    /// Why `text` is no good for history/store or history/max_records, in the words load()
    /// puts after the setting's name; nothing when it is good (see EngineSettings::problemWith).
    static std::optional<QString> problemWith(const QString &key, const QString &text);
    static QString defaultDirectory(const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

    /// Whether a run that ended with `result` is to be recorded.
    bool wants(const RunResult &result) const;
};

} // namespace Sandpit::Core
