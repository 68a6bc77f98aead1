#include "enginesettings.h"

#include <QSettings>

#include <cmath>
#include <optional>

namespace Sandpit::Core {

namespace {
struct NumericSetting {
    const char *key;        // QSettings key
    const char *variable;   // environment override
    const char *unit;       // for messages
    double min;
    double max;
    double scale;           // to the Limits field's unit
    qint64 Limits::*field;
};

constexpr NumericSetting kNumeric[] = {
    {"limits/timeout_sec", "SANDPIT_TIMEOUT_SEC", "seconds", 0.1, 86400, 1000, &Limits::wallTimeMs},
    {"limits/memory_mb", "SANDPIT_MEMORY_MB", "MB", 8, 1024 * 1024, 1024.0 * 1024, &Limits::memoryBytes},
    {"limits/output_limit_kb", "SANDPIT_OUTPUT_LIMIT_KB", "KB", 1, 1024 * 1024, 1024, &Limits::outputBytes},
};

std::expected<double, QString> parseNumber(const QString &text, const NumericSetting &s, const QString &origin)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < s.min || value > s.max) {
        return std::unexpected(QStringLiteral("%1 must be a number of %2 between %3 and %4, but it is \"%5\".")
                                   .arg(origin, QLatin1String(s.unit))
                                   .arg(s.min)
                                   .arg(s.max)
                                   .arg(text));
    }
    return value;
}
std::optional<bool> parseFlag(const QString &text)
{
    const QString word = text.trimmed().toLower();
    if (word == QLatin1String("true") || word == QLatin1String("1") || word == QLatin1String("yes") || word == QLatin1String("on"))
        return true;
    if (word == QLatin1String("false") || word == QLatin1String("0") || word == QLatin1String("no") || word == QLatin1String("off"))
        return false;
    return std::nullopt;
}
} // namespace

QStringList knownBackends()
{
    return {QStringLiteral("local"), QStringLiteral("docker")};
}

std::expected<EngineSettings, QString> EngineSettings::load(const QSettings &settings,
                                                            const QProcessEnvironment &environment)
{
    EngineSettings out;
    for (const NumericSetting &s : kNumeric) {
        const QString key = QLatin1String(s.key);
        const QString variable = QLatin1String(s.variable);
        QString text;
        QString origin;
        if (environment.contains(variable)) {
            text = environment.value(variable);
            origin = QStringLiteral("The environment variable %1").arg(variable);
            out.environmentOverrides << variable;
        } else if (settings.contains(key)) {
            text = settings.value(key).toString();
            origin = QStringLiteral("The setting %1 (in %2)").arg(key, settings.fileName());
        } else {
            continue;
        }
        const auto value = parseNumber(text, s, origin);
        if (!value)
            return std::unexpected(value.error());
        out.limits.*s.field = std::llround(*value * s.scale);
    }

    QString backend = settings.value(QStringLiteral("engine/backend"), out.backend).toString();
    QString origin = QStringLiteral("The setting engine/backend (in %1)").arg(settings.fileName());
    if (environment.contains(QStringLiteral("SANDPIT_BACKEND"))) {
        backend = environment.value(QStringLiteral("SANDPIT_BACKEND"));
        origin = QStringLiteral("The environment variable SANDPIT_BACKEND");
        out.environmentOverrides << QStringLiteral("SANDPIT_BACKEND");
    }
    const QString normalized = backend.trimmed().toLower();
    if (!knownBackends().contains(normalized)) {
        return std::unexpected(QStringLiteral("%1 must be one of %2, but it is \"%3\".")
                                   .arg(origin, knownBackends().join(QStringLiteral(", ")), backend));
    }
    out.backend = normalized;

    QString fallback = settings.value(QStringLiteral("engine/docker_fallback"), QStringLiteral("true")).toString();
    origin = QStringLiteral("The setting engine/docker_fallback (in %1)").arg(settings.fileName());
    if (environment.contains(QStringLiteral("SANDPIT_DOCKER_FALLBACK"))) {
        fallback = environment.value(QStringLiteral("SANDPIT_DOCKER_FALLBACK"));
        origin = QStringLiteral("The environment variable SANDPIT_DOCKER_FALLBACK");
        out.environmentOverrides << QStringLiteral("SANDPIT_DOCKER_FALLBACK");
    }
    const auto flag = parseFlag(fallback);
    if (!flag)
        return std::unexpected(QStringLiteral("%1 must be true or false (or 1, 0, yes, no, on, off), but it is \"%2\".")
                                   .arg(origin, fallback));
    out.dockerFallback = *flag;
    return out;
}

void EngineSettings::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("engine/backend"), backend);
    settings.setValue(QStringLiteral("engine/docker_fallback"), dockerFallback);
    for (const NumericSetting &s : kNumeric)
        settings.setValue(QLatin1String(s.key), double(limits.*s.field) / s.scale);
}

} // namespace Sandpit::Core
