#include "settings/networksettings.h"

#include "settings/settingsource.h"

#include <QRegularExpression>
#include <QSettings>

namespace Sandpit::Core {

namespace {
const auto kAllowKey = QStringLiteral("network/allow");
const auto kAllowVariable = QStringLiteral("SANDPIT_ALLOW_NET");

// The words follow the setting's name, as EngineSettings' messages do; the entry's own sentence
// says what is wrong with it and what a good one looks like.
std::expected<QList<AllowedDestination>, QString> parse(const QString &text)
{
    const auto list = parseAllowList(NetworkSettings::entries(text));
    if (!list)
        return std::unexpected(QStringLiteral("is not a list of hosts: %1").arg(list.error().message));
    return *list;
}
} // namespace

QString NetworkSettings::allowKey()
{
    return kAllowKey;
}

QString NetworkSettings::allowVariable()
{
    return kAllowVariable;
}

QStringList NetworkSettings::entries(const QString &text)
{
    static const QRegularExpression separator(QStringLiteral("[,\\n\\r]"));
    QStringList out;
    for (const QString &entry : text.split(separator)) {
        if (!entry.trimmed().isEmpty())
            out << entry.trimmed();
    }
    return out;
}

QString NetworkSettings::text(const QList<AllowedDestination> &list)
{
    return allowListText(list).join(QStringLiteral(", "));
}

std::expected<QList<AllowedDestination>, QString>
NetworkSettings::load(const QSettings &settings, const QProcessEnvironment &environment, QStringList &overrides)
{
    const SettingSource source = lookUpSetting(settings, kAllowKey, environment, kAllowVariable, overrides);
    const auto list = parse(source.text);
    if (!list)
        return std::unexpected(source.origin + QLatin1Char(' ') + list.error());
    return *list;
}

void NetworkSettings::save(const QList<AllowedDestination> &list, QSettings &settings)
{
    if (list.isEmpty())
        settings.remove(kAllowKey);
    else
        settings.setValue(kAllowKey, text(list));
}

std::optional<QString> NetworkSettings::problemWith(const QString &key, const QString &text)
{
    if (key != kAllowKey)
        return std::nullopt;
    if (const auto parsed = parse(text); !parsed)
        return parsed.error();
    return std::nullopt;
}

} // namespace Sandpit::Core
