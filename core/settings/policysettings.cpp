#include "settings/policysettings.h"

#include <QSettings>

namespace Sandpit::Core {

namespace {
const auto kWarnKey = QStringLiteral("policy/warn");
const auto kBlockKey = QStringLiteral("policy/block");

// QSettings gives a list for "os, socket" in an INI file written by hand, a string otherwise.
QString textOf(const QVariant &value)
{
    return value.typeId() == QMetaType::QStringList ? value.toStringList().join(QStringLiteral(", "))
                                                    : value.toString();
}

std::expected<QStringList, QString> parse(const QString &text)
{
    QString error;
    const auto names = ImportPolicy::parseList(text, &error);
    if (!names)
        return std::unexpected(
            QStringLiteral("must list module names, but %1").arg(error.front().toLower() + error.mid(1)));
    return *names;
}
} // namespace

QString PolicySettings::warnKey()
{
    return kWarnKey;
}

QString PolicySettings::blockKey()
{
    return kBlockKey;
}

std::optional<QString> PolicySettings::problemWith(const QString &key, const QString &text)
{
    if (key != kWarnKey && key != kBlockKey)
        return std::nullopt;
    if (const auto parsed = parse(text); !parsed)
        return parsed.error();
    return std::nullopt;
}

std::expected<ImportPolicy, QString> PolicySettings::load(const QSettings &settings)
{
    ImportPolicy policy;
    for (const auto &[key, into] : {std::pair{kWarnKey, &policy.warn}, std::pair{kBlockKey, &policy.block}}) {
        const auto names = parse(textOf(settings.value(key)));
        if (!names)
            return std::unexpected(
                QStringLiteral("The setting %1 (in %2) %3").arg(key, settings.fileName(), names.error()));
        *into = *names;
    }
    return policy;
}

void PolicySettings::save(const ImportPolicy &policy, QSettings &settings)
{
    for (const auto &[key, names] : {std::pair{kWarnKey, policy.warn}, std::pair{kBlockKey, policy.block}}) {
        if (names.isEmpty())
            settings.remove(key);
        else
            settings.setValue(key, names.join(QStringLiteral(", ")));
    }
}

} // namespace Sandpit::Core
