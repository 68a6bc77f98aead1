#include "model/resultjson.h"

#include "model/typeids.h"

#include <QJsonArray>

namespace Sandpit::Core {

namespace {
QJsonObject artifactToJson(const Artifact &a)
{
    return QJsonObject{
        {QStringLiteral("path"), a.path},
        {QStringLiteral("size"), a.size},
        {QStringLiteral("mime"), a.mimeType},
        {QStringLiteral("in_output"), a.inOutput},
    };
}

QJsonObject diagnosticToJson(const Diagnostic &d)
{
    return QJsonObject{
        {QStringLiteral("file"), d.file},       {QStringLiteral("line"), d.line},
        {QStringLiteral("column"), d.column},   {QStringLiteral("severity"), severityId(d.severity)},
        {QStringLiteral("message"), d.message},
    };
}

QJsonObject networkAttemptToJson(const NetworkAttempt &attempt)
{
    return QJsonObject{
        {QStringLiteral("host"), attempt.host},
        {QStringLiteral("port"), attempt.port},
        {QStringLiteral("allowed"), attempt.allowed},
        {QStringLiteral("outcome"), attempt.outcomeId()},
        {QStringLiteral("failure"), attempt.failure},
        {QStringLiteral("install"), attempt.install},
    };
}

template<typename Item>
QJsonArray toJsonArray(const QList<Item> &items, QJsonObject (*toJson)(const Item &))
{
    QJsonArray array;
    for (const Item &item : items)
        array.append(toJson(item));
    return array;
}
} // namespace

QJsonObject resultToJson(const RunResult &result)
{
    QJsonObject json{
        {QStringLiteral("backend"), result.backend},
        {QStringLiteral("stage"), runStageId(result.stage)},
        {QStringLiteral("diagnostics"), toJsonArray(result.diagnostics, diagnosticToJson)},
        {QStringLiteral("language"), result.language},
        {QStringLiteral("exit_code"), result.exitCode ? QJsonValue(*result.exitCode) : QJsonValue()},
        {QStringLiteral("signal"), result.signal ? QJsonValue(signalName(*result.signal)) : QJsonValue()},
        {QStringLiteral("kill_reason"), killReasonId(result.killReason)},
        {QStringLiteral("kill_detail"), result.killDetail},
        {QStringLiteral("limits_reached"), QJsonArray::fromStringList(result.limitsReached)},
        {QStringLiteral("wall_ms"), result.wallMs},
        {QStringLiteral("input_wait_ms"), result.inputWaitMs},
        {QStringLiteral("cpu_ms"), result.cpuMs},
        {QStringLiteral("peak_memory_bytes"), result.peakMemoryBytes},
        {QStringLiteral("stdout"), QString::fromUtf8(result.stdoutData)},
        {QStringLiteral("stderr"), QString::fromUtf8(result.stderrData)},
        {QStringLiteral("stdout_truncated"), result.stdoutTruncated},
        {QStringLiteral("stderr_truncated"), result.stderrTruncated},
        {QStringLiteral("artifacts"), toJsonArray(result.artifacts, artifactToJson)},
        {QStringLiteral("isolation"),
         QJsonObject{
             {QStringLiteral("level"), isolationLevelId(result.isolation.level)},
             {QStringLiteral("details"), QJsonArray::fromStringList(result.isolation.details)},
         }},
        {QStringLiteral("notice"), result.notice.isEmpty() ? QJsonValue() : QJsonValue(result.notice)},
        {QStringLiteral("network"), toJsonArray(result.network, networkAttemptToJson)},
    };
    // Only a run stopped at the import check: whether the check said no (false) or could not
    // finish (true, Sandpit's trouble rather than the learner's; a grader must not count it).
    if (result.stage == RunStage::Policy)
        json.insert(QStringLiteral("policy_unchecked"), result.policyUnchecked);
    // Only a run checked against an expected output (Run with input… in the window) has one;
    // the command line's documented keys stay as they are.
    if (result.outputCheck) {
        json.insert(QStringLiteral("output_check"),
                    QJsonObject{
                        {QStringLiteral("matches"), result.outputCheck->matches},
                        {QStringLiteral("line"), result.outputCheck->line},
                        {QStringLiteral("expected"), result.outputCheck->expected},
                        {QStringLiteral("actual"), result.outputCheck->actual},
                    });
    }
    return json;
}

QJsonObject errorToJson(const RunError &error)
{
    return QJsonObject{{QStringLiteral("error"),
                        QJsonObject{
                            {QStringLiteral("code"), runErrorCodeId(error.code)},
                            {QStringLiteral("message"), error.message},
                        }}};
}

} // namespace Sandpit::Core
