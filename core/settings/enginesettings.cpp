#include "settings/enginesettings.h"

#include "engine/backendid.h"
#include "model/typeids.h"
#include "settings/networksettings.h"
#include "settings/packagesettings.h"
#include "settings/policysettings.h"
#include "settings/settingsource.h"

#include <QRegularExpression>
#include <QSettings>

#include <unistd.h>

#include <cmath>
#include <optional>

namespace Sandpit::Core {

namespace {
struct NumericSetting {
    const char *key;      // QSettings key
    const char *variable; // environment override
    const char *unit;     // for messages
    double min;
    double max;
    double scale;         // to the Limits field's unit
    qint64 Limits::*wide; // the Limits field, one of these two
    int Limits::*narrow;
    bool boundedByMachine; // max is also this machine's memory, in the setting's unit
    bool whole;            // a count, or a limit the kernel takes in whole units

    void set(Limits &limits, double value) const
    {
        const qint64 scaled = std::llround(value * scale);
        if (wide)
            limits.*wide = scaled;
        else
            limits.*narrow = int(scaled);
    }
    double get(const Limits &limits) const { return double(wide ? limits.*wide : limits.*narrow) / scale; }
};

constexpr double kMiB = 1024.0 * 1024;

constexpr NumericSetting kNumeric[] = {
    {"limits/timeout_sec", "SANDPIT_TIMEOUT_SEC", "seconds", 0.1, 86400, 1000, &Limits::wallTimeMs, nullptr, false,
     false},
    // 0: no CPU limit of its own, the wall time bounds it. Whole seconds: RLIMIT_CPU and
    // Docker's cpu ulimit count in seconds, so 0.3 would quietly mean 1.
    {"limits/cpu_time_sec", "SANDPIT_CPU_TIME_SEC", "seconds", 0, 86400, 1000, &Limits::cpuTimeMs, nullptr, false,
     true},
    {"limits/memory_mb", "SANDPIT_MEMORY_MB", "MB", 8, 1024 * 1024, kMiB, &Limits::memoryBytes, nullptr, true, false},
    {"limits/output_limit_kb", "SANDPIT_OUTPUT_LIMIT_KB", "KB", 1, 1024 * 1024, 1024, &Limits::outputBytes, nullptr,
     false, false},
    {"limits/processes", "SANDPIT_PROCESSES", "processes", 1, 4096, 1, nullptr, &Limits::processes, false, true},
    {"limits/file_size_mb", "SANDPIT_FILE_SIZE_MB", "MB", 1, 1024 * 1024, kMiB, &Limits::fileSizeBytes, nullptr, false,
     false},
};

const auto kBackendKey = QStringLiteral("engine/backend");
const auto kFallbackKey = QStringLiteral("engine/docker_fallback");
const auto kImagesGroup = QStringLiteral("docker/images");
const auto kAllowWeakerKey = QStringLiteral("sandbox/allow_weaker");

// A memory limit past the machine's RAM limits nothing: the kernel would run out first, and
// the desktop with it.
double machineMemoryMb()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? std::floor(double(pages) * double(pageSize) / kMiB) : 0;
}

const NumericSetting *numericSetting(const QString &key)
{
    for (const NumericSetting &s : kNumeric) {
        if (key == QLatin1String(s.key))
            return &s;
    }
    return nullptr;
}

// The messages below follow the setting's or variable's name ("... must be ..."), so load()
// and a settings dialog say the same thing in their own words for the origin.
std::expected<double, QString> parseNumber(const QString &text, const NumericSetting &s)
{
    double max = s.max;
    QString why;
    const double machine = s.boundedByMachine ? machineMemoryMb() : 0;
    if (machine > 0 && machine < max) {
        max = machine;
        why = QStringLiteral(" (this machine's memory)");
    }
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    const bool whole = s.whole;
    if (!ok || !std::isfinite(value) || value < s.min || value > max || (whole && value != std::floor(value))) {
        return std::unexpected(QStringLiteral("must be a %1number of %2 between %3 and %4%5, but it is \"%6\".")
                                   .arg(whole ? QStringLiteral("whole ") : QString(), QLatin1String(s.unit))
                                   .arg(QString::number(s.min, 'g', 12), QString::number(max, 'g', 12), why, text));
    }
    return value;
}

std::expected<QString, QString> parseBackend(const QString &text)
{
    const QString normalized = text.trimmed().toLower();
    if (!knownBackends().contains(normalized))
        return std::unexpected(QStringLiteral("must be one of %1, but it is \"%2\".")
                                   .arg(knownBackends().join(QStringLiteral(", ")), text));
    return normalized;
}

std::expected<IsolationReport::Level, QString> parseAllowWeaker(const QString &text)
{
    if (const auto level = allowWeakerFromId(text.trimmed().toLower()))
        return *level;
    return std::unexpected(QStringLiteral("must be never (refuse to run without full isolation), partial or none, "
                                          "but it is \"%1\".")
                               .arg(text));
}

std::expected<bool, QString> parseFlag(const QString &text)
{
    const QString word = text.trimmed().toLower();
    if (word == QLatin1String("true") || word == QLatin1String("1") || word == QLatin1String("yes")
        || word == QLatin1String("on"))
        return true;
    if (word == QLatin1String("false") || word == QLatin1String("0") || word == QLatin1String("no")
        || word == QLatin1String("off"))
        return false;
    return std::unexpected(
        QStringLiteral("must be true or false (or 1, 0, yes, no, on, off), but it is \"%1\".").arg(text));
}

// Docker's reference grammar, less its rarely used corners: an optional registry host (the
// one part that may hold capitals), lower-case path parts, a tag, a digest. Docker itself
// refuses "Python:3" or "my image" only when a run asks for it; here the user hears it at once.
std::expected<QString, QString> parseImage(const QString &text)
{
    static const QRegularExpression reference(
        QStringLiteral(R"(^(?:(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|localhost|[A-Za-z0-9-]+(?=:\d))(?::\d+)?/)?)"
                       R"([a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*)"
                       R"((?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[0-9a-f]{64})?$)"));
    const QString image = text.trimmed();
    if (!reference.match(image).hasMatch())
        return std::unexpected(
            QStringLiteral("must be a Docker image name such as python:3.12-slim or "
                           "registry.example.org/team/gcc:14 (lower case, no spaces), but it is \"%1\".")
                .arg(text));
    return image;
}

} // namespace

QStringList knownBackends()
{
    return {kLocalBackendId, kDockerBackendId};
}

QString EngineSettings::allowWeakerKey()
{
    return kAllowWeakerKey;
}

QString EngineSettings::imageKey(const QString &languageId)
{
    return kImagesGroup + QLatin1Char('/') + languageId;
}

std::optional<QString> EngineSettings::problemWith(const QString &key, const QString &text)
{
    std::optional<QString> problem;
    const auto note = [&](const auto &parsed) {
        if (!parsed)
            problem = parsed.error();
    };
    if (const NumericSetting *s = numericSetting(key))
        note(parseNumber(text, *s));
    else if (key == kBackendKey)
        note(parseBackend(text));
    else if (key == kFallbackKey)
        note(parseFlag(text));
    else if (key == kAllowWeakerKey)
        note(parseAllowWeaker(text));
    else if (key.startsWith(kImagesGroup + QLatin1Char('/')))
        note(parseImage(text));
    else if (const auto policy = PolicySettings::problemWith(key, text))
        return policy;
    else if (key == NetworkSettings::allowKey())
        return NetworkSettings::problemWith(key, text);
    else
        return PackageSettings::problemWith(key, text);
    return problem;
}

std::expected<EngineSettings, QString> EngineSettings::load(const QSettings &settings,
                                                            const QProcessEnvironment &environment)
{
    EngineSettings out;
    // The value of `key`, or of `variable` when the environment has it, with the origin's name.
    const auto lookUp = [&](const QString &key, const QString &variable, const QString &fallback,
                            QString &origin) -> std::optional<QString> {
        const SettingSource source = lookUpSetting(settings, key, environment, variable, out.environmentOverrides);
        origin = source.origin;
        if (source.present)
            return source.text;
        return fallback.isNull() ? std::nullopt : std::optional<QString>(fallback);
    };
    QString origin;

    for (const NumericSetting &s : kNumeric) {
        const auto text = lookUp(QLatin1String(s.key), QLatin1String(s.variable), QString(), origin);
        if (!text)
            continue;
        const auto value = parseNumber(*text, s);
        if (!value)
            return std::unexpected(origin + QLatin1Char(' ') + value.error());
        s.set(out.limits, *value);
    }

    const auto backend = parseBackend(*lookUp(kBackendKey, QStringLiteral("SANDPIT_BACKEND"), out.backend, origin));
    if (!backend)
        return std::unexpected(origin + QLatin1Char(' ') + backend.error());
    out.backend = *backend;

    const auto flag
        = parseFlag(*lookUp(kFallbackKey, QStringLiteral("SANDPIT_DOCKER_FALLBACK"), QStringLiteral("true"), origin));
    if (!flag)
        return std::unexpected(origin + QLatin1Char(' ') + flag.error());
    out.dockerFallback = *flag;

    const auto weaker = parseAllowWeaker(
        *lookUp(kAllowWeakerKey, QStringLiteral("SANDPIT_ALLOW_WEAKER"), allowWeakerId(out.allowWeaker), origin));
    if (!weaker)
        return std::unexpected(origin + QLatin1Char(' ') + weaker.error());
    out.allowWeaker = *weaker;

    const auto packages = PackageSettings::load(settings, environment, out.environmentOverrides);
    if (!packages)
        return std::unexpected(packages.error());
    out.packages = *packages;

    const auto policy = PolicySettings::load(settings);
    if (!policy)
        return std::unexpected(policy.error());
    out.importPolicy = *policy;
    const auto network = NetworkSettings::load(settings, environment, out.environmentOverrides);
    if (!network)
        return std::unexpected(network.error());
    out.network = *network;

    // Only the settings are read here: SANDPIT_DOCKER_IMAGE_<ID> is the backend's, which
    // puts it above these (DockerBackend::imageFor).
    const QStringList keys = settings.allKeys();
    for (const QString &key : keys) {
        if (!key.startsWith(kImagesGroup + QLatin1Char('/')))
            continue;
        const QString text = settings.value(key).toString();
        if (text.trimmed().isEmpty())
            continue;
        const auto image = parseImage(text);
        if (!image)
            return std::unexpected(settingOrigin(key, settings) + QLatin1Char(' ') + image.error());
        out.dockerImages.insert(key.mid(kImagesGroup.size() + 1), *image);
    }
    return out;
}

void EngineSettings::save(QSettings &settings) const
{
    settings.setValue(kBackendKey, backend);
    settings.setValue(kFallbackKey, dockerFallback);
    settings.setValue(kAllowWeakerKey, allowWeakerId(allowWeaker));
    for (const NumericSetting &s : kNumeric)
        settings.setValue(QLatin1String(s.key), s.get(limits));
    PackageSettings::save(packages, settings);
    PolicySettings::save(importPolicy, settings);
    NetworkSettings::save(network, settings);
    settings.remove(kImagesGroup);
    for (auto it = dockerImages.begin(); it != dockerImages.end(); ++it)
        settings.setValue(imageKey(it.key()), it.value());
}

} // namespace Sandpit::Core
