#include "history/runrecord.h"

#include "model/resultjson.h"

namespace Sandpit::Core {

namespace {
struct LimitField {
    const char *key;
    qint64 Limits::*wide;
    int Limits::*narrow;
};

constexpr LimitField kLimitFields[] = {
    {"wall_time_ms", &Limits::wallTimeMs, nullptr},  {"cpu_time_ms", &Limits::cpuTimeMs, nullptr},
    {"memory_bytes", &Limits::memoryBytes, nullptr}, {"output_bytes", &Limits::outputBytes, nullptr},
    {"processes", nullptr, &Limits::processes},      {"file_size_bytes", &Limits::fileSizeBytes, nullptr},
    {"open_files", nullptr, &Limits::openFiles},
};

QJsonObject limitsToJson(const Limits &limits)
{
    QJsonObject out;
    for (const LimitField &f : kLimitFields)
        out.insert(QLatin1String(f.key), f.wide ? double(limits.*f.wide) : double(limits.*f.narrow));
    return out;
}

Limits limitsFromJson(const QJsonObject &json)
{
    // A field an older Sandpit did not write keeps its default.
    Limits limits;
    for (const LimitField &f : kLimitFields) {
        const QJsonValue value = json.value(QLatin1String(f.key));
        if (!value.isDouble())
            continue;
        if (f.wide)
            limits.*f.wide = qint64(value.toDouble());
        else
            limits.*f.narrow = value.toInt();
    }
    return limits;
}

/// Cuts `data` to `cap` bytes without splitting a UTF-8 sequence; true if it cut.
bool capUtf8(QByteArray &data, qsizetype cap)
{
    if (data.size() <= cap)
        return false;
    qsizetype end = cap;
    while (end > 0 && (uchar(data.at(end)) & 0xC0) == 0x80)
        --end;
    data.truncate(end);
    return true;
}

QString sourceCode(const RunRequest &request)
{
    for (const SourceFile &source : request.sources) {
        if (source.name == request.entryFile)
            return QString::fromUtf8(source.content);
    }
    return request.sources.isEmpty() ? QString() : QString::fromUtf8(request.sources.first().content);
}
} // namespace

RunRecord RunRecord::fromRun(const RunRequest &request, const RunResult &result, const QDateTime &time)
{
    RunRecord record;
    record.time = time.toUTC();
    record.fileName = request.entryFile;
    record.language = request.language;
    record.backend = request.backend.isEmpty() ? result.backend : request.backend;
    record.code = sourceCode(request);
    record.limits = request.limits;
    RunResult capped = result;
    record.stdoutCapped = capUtf8(capped.stdoutData, kOutputCapBytes);
    record.stderrCapped = capUtf8(capped.stderrData, kOutputCapBytes);
    record.result = resultToJson(capped);
    return record;
}

QJsonObject RunRecord::toJson() const
{
    return QJsonObject{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("id"), id},
        {QStringLiteral("time"), time.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("file"), fileName},
        {QStringLiteral("language"), language},
        {QStringLiteral("backend"), backend},
        {QStringLiteral("limits"), limitsToJson(limits)},
        {QStringLiteral("code"), code},
        {QStringLiteral("result"), result},
        {QStringLiteral("stdout_capped"), stdoutCapped},
        {QStringLiteral("stderr_capped"), stderrCapped},
    };
}

std::expected<RunRecord, QString> RunRecord::fromJson(const QJsonObject &json)
{
    const QJsonValue format = json.value(QStringLiteral("format"));
    if (!format.isDouble())
        return std::unexpected(QStringLiteral("it has no \"format\" number"));
    if (format.toInt() != kFormat)
        return std::unexpected(
            QStringLiteral("its format %1 is not one this Sandpit reads (%2)").arg(format.toInt()).arg(kFormat));
    RunRecord record;
    record.time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    if (!record.time.isValid())
        return std::unexpected(QStringLiteral("its \"time\" is missing or not an ISO 8601 time"));
    for (const char *key : {"code", "file", "language"}) {
        if (!json.value(QLatin1String(key)).isString())
            return std::unexpected(QStringLiteral("its \"%1\" is missing or not a string").arg(QLatin1String(key)));
    }
    if (!json.value(QStringLiteral("result")).isObject())
        return std::unexpected(QStringLiteral("its \"result\" is missing or not an object"));
    record.id = json.value(QStringLiteral("id")).toString();
    record.fileName = json.value(QStringLiteral("file")).toString();
    record.language = json.value(QStringLiteral("language")).toString();
    record.backend = json.value(QStringLiteral("backend")).toString();
    record.code = json.value(QStringLiteral("code")).toString();
    record.limits = limitsFromJson(json.value(QStringLiteral("limits")).toObject());
    record.result = json.value(QStringLiteral("result")).toObject();
    record.stdoutCapped = json.value(QStringLiteral("stdout_capped")).toBool();
    record.stderrCapped = json.value(QStringLiteral("stderr_capped")).toBool();
    return record;
}

KillReason RunRecord::killReason() const
{
    return killReasonFromId(result.value(QStringLiteral("kill_reason")).toString()).value_or(KillReason::None);
}

std::optional<int> RunRecord::exitCode() const
{
    const QJsonValue value = result.value(QStringLiteral("exit_code"));
    return value.isDouble() ? std::optional<int>(value.toInt()) : std::nullopt;
}

qint64 RunRecord::wallMs() const
{
    return qint64(result.value(QStringLiteral("wall_ms")).toDouble());
}

QString RunRecord::status() const
{
    const KillReason reason = killReason();
    if (reason == KillReason::Signal || (reason == KillReason::None && !exitCode()))
        return QStringLiteral("crashed");
    if (reason != KillReason::None)
        return QStringLiteral("stopped");
    if (*exitCode() != 0)
        return QStringLiteral("exit %1").arg(*exitCode());
    const QJsonObject check = result.value(QStringLiteral("output_check")).toObject();
    if (!check.isEmpty() && !check.value(QStringLiteral("matches")).toBool())
        return QStringLiteral("wrong answer at line %1").arg(check.value(QStringLiteral("line")).toInt());
    return QStringLiteral("ok");
}

} // namespace Sandpit::Core
