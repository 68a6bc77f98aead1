#include "settings/historysettings.h"

#include "settings/settingsource.h"

#include <QSettings>
#include <QStandardPaths>

namespace Sandpit::Core {

namespace {
constexpr int kMaxRecordsLimit = 100'000;
const auto kStoreKey = QStringLiteral("history/store");
const auto kMaxRecordsKey = QStringLiteral("history/max_records");

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

namespace {
// As in EngineSettings: the words after the setting's name, shared with the settings dialog.
std::expected<StorePolicy, QString> parsePolicy(const QString &text)
{
    const auto policy = storePolicyFromId(text);
    if (!policy)
        return std::unexpected(QStringLiteral("must be always, on-error or never, but it is \"%1\".").arg(text));
    return *policy;
}

std::expected<int, QString> parseMaxRecords(const QString &text)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 1 || value > kMaxRecordsLimit)
        return std::unexpected(QStringLiteral("must be a whole number of records between 1 and %1, but it is \"%2\".")
                                   .arg(kMaxRecordsLimit)
                                   .arg(text));
    return value;
}
} // namespace

std::optional<QString> HistorySettings::problemWith(const QString &key, const QString &text)
{
    if (key == kStoreKey) {
        if (const auto policy = parsePolicy(text); !policy)
            return policy.error();
    } else if (key == kMaxRecordsKey) {
        if (const auto value = parseMaxRecords(text); !value)
            return value.error();
    }
    return std::nullopt;
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

    const SettingSource store = lookUpSetting(settings, kStoreKey, environment, QStringLiteral("SANDPIT_STORE_RUNS"),
                                              out.environmentOverrides);
    if (store.present) {
        const auto policy = parsePolicy(store.text);
        if (!policy)
            return std::unexpected(store.origin + QLatin1Char(' ') + policy.error());
        out.policy = *policy;
    }

    const SettingSource max = lookUpSetting(settings, kMaxRecordsKey, environment, {}, out.environmentOverrides);
    if (max.present) {
        const auto value = parseMaxRecords(max.text);
        if (!value)
            return std::unexpected(max.origin + QLatin1Char(' ') + value.error());
        out.maxRecords = *value;
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
