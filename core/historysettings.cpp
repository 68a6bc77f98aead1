#include "historysettings.h"

#include <QSettings>
#include <QStandardPaths>

namespace Sandpit::Core {

namespace {
constexpr int kMaxRecordsLimit = 100'000;

/// The value of a setting, overridden by an environment variable, with words for messages.
struct Source {
    QString text;
    QString origin;
    bool present = false;
};

Source lookUp(const QSettings &settings, const QString &key, const QProcessEnvironment &environment,
              const QString &variable, QStringList &overrides)
{
    if (!variable.isEmpty() && environment.contains(variable)) {
        overrides << variable;
        return {environment.value(variable), QStringLiteral("The environment variable %1").arg(variable), true};
    }
    if (settings.contains(key))
        return {settings.value(key).toString(), QStringLiteral("The setting %1 (in %2)").arg(key, settings.fileName()), true};
    return {};
}
} // namespace

QString storePolicyId(StorePolicy policy)
{
    switch (policy) {
    case StorePolicy::Always:
        return QStringLiteral("always");
    case StorePolicy::OnError:
        return QStringLiteral("on-error");
    case StorePolicy::Never:
        return QStringLiteral("never");
    }
    return {};
}

std::optional<StorePolicy> storePolicyFromId(QStringView id)
{
    for (StorePolicy policy : {StorePolicy::Always, StorePolicy::OnError, StorePolicy::Never}) {
        if (id.trimmed().compare(storePolicyId(policy), Qt::CaseInsensitive) == 0)
            return policy;
    }
    return std::nullopt;
}

QString HistorySettings::defaultDirectory(const QProcessEnvironment &environment)
{
    const QString base = environment.contains(QStringLiteral("SANDPIT_DATA_DIR"))
        ? environment.value(QStringLiteral("SANDPIT_DATA_DIR"))
        : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return base + QStringLiteral("/history");
}

std::expected<HistorySettings, QString> HistorySettings::load(const QSettings &settings,
                                                              const QProcessEnvironment &environment)
{
    HistorySettings out;
    out.directory = defaultDirectory(environment);
    if (environment.contains(QStringLiteral("SANDPIT_DATA_DIR")))
        out.environmentOverrides << QStringLiteral("SANDPIT_DATA_DIR");

    const Source store = lookUp(settings, QStringLiteral("history/store"), environment,
                                QStringLiteral("SANDPIT_STORE_RUNS"), out.environmentOverrides);
    if (store.present) {
        const auto policy = storePolicyFromId(store.text);
        if (!policy)
            return std::unexpected(QStringLiteral("%1 must be always, on-error or never, but it is \"%2\".")
                                       .arg(store.origin, store.text));
        out.policy = *policy;
    }

    const Source max = lookUp(settings, QStringLiteral("history/max_records"), environment, {}, out.environmentOverrides);
    if (max.present) {
        bool ok = false;
        const int value = max.text.trimmed().toInt(&ok);
        if (!ok || value < 1 || value > kMaxRecordsLimit)
            return std::unexpected(QStringLiteral("%1 must be a whole number of records between 1 and %2, but it is \"%3\".")
                                       .arg(max.origin)
                                       .arg(kMaxRecordsLimit)
                                       .arg(max.text));
        out.maxRecords = value;
    }
    return out;
}

bool HistorySettings::wants(const RunResult &result) const
{
    switch (policy) {
    case StorePolicy::Always:
        return true;
    case StorePolicy::OnError:
        return !result.succeeded();
    case StorePolicy::Never:
        return false;
    }
    return false;
}

} // namespace Sandpit::Core
