#include "policy/policyjob.h"

#include "model/killdetail.h"
#include "policy/importreport.h"
#include "policy/policycheck.h"

namespace Sandpit::Core {

namespace {
RunResult couldNotCheck(RunResult ended, const QString &why)
{
    Diagnostic d;
    d.severity = Diagnostic::Severity::Error;
    d.message = QStringLiteral("Sandpit could not check the program's imports (%1), so it did not run it.").arg(why);
    ended.diagnostics = {d};
    ended.policyUnchecked = true;
    if (ended.killReason == KillReason::None) {
        if (ended.exitCode.value_or(0) == 0)
            ended.exitCode = 1; // the checker may have ended well and still said nothing readable
        ended.killDetail = d.message;
    } else {
        ended.killDetail = describeEnd(ended, PolicyCheck::limits());
    }
    return ended;
}

QString blockedSentence(const QList<Diagnostic> &diagnostics)
{
    QStringList places;
    for (const Diagnostic &d : diagnostics) {
        if (d.severity == Diagnostic::Severity::Error)
            places << QStringLiteral("%1 line %2").arg(d.file).arg(d.line);
    }
    return QStringLiteral("The program did not run: it imports a module this exercise's import policy blocks (%1). "
                          "Remove that import and solve it without the module.")
        .arg(places.join(QStringLiteral(", ")));
}
} // namespace

PolicyJob::PolicyJob(std::unique_ptr<RunJob> check, ImportPolicy policy, std::unique_ptr<RunJob> next)
    : m_check(std::move(check))
    , m_next(std::move(next))
    , m_policy(std::move(policy))
{
    // Not outputReceived: what the checker prints is its report, not the learner's output.
    connect(m_check.get(), &RunJob::started, this, &RunJob::started);
    connect(m_check.get(), &RunJob::failed, this, &RunJob::failed);
    connect(m_check.get(), &RunJob::finished, this, &PolicyJob::onCheckFinished);
    if (m_next) {
        connect(m_next.get(), &RunJob::outputReceived, this, &RunJob::outputReceived);
        connect(m_next.get(), &RunJob::artifactsListed, this, &RunJob::artifactsListed);
        connect(m_next.get(), &RunJob::failed, this, &RunJob::failed);
        connect(m_next.get(), &RunJob::finished, this, &PolicyJob::onNextFinished);
    }
}

PolicyJob::~PolicyJob() = default;

void PolicyJob::start()
{
    m_check->start();
}

void PolicyJob::cancel()
{
    m_cancelled = true;
    if (m_nextStarted)
        m_next->cancel();
    else
        m_check->cancel();
}

RunResult PolicyJob::judge(const RunResult &check, const ImportPolicy &policy)
{
    RunResult ended = check;
    ended.stage = RunStage::Policy;
    ended.stdoutData.clear();
    ended.stderrData.clear();
    ended.artifacts.clear();
    ended.artifactsFound = 0;
    if (check.killReason == KillReason::Cancelled)
        return ended;
    if (check.killReason != KillReason::None)
        return couldNotCheck(ended, killReasonTitle(check.killReason).toLower());
    if (check.exitCode != 0) {
        const QByteArray said = check.stderrData.trimmed().split('\n').last().left(200);
        return couldNotCheck(
            ended,
            said.isEmpty() ? QStringLiteral("the checker ended with exit code %1").arg(check.exitCode.value_or(-1))
                           : QString::fromUtf8(said));
    }
    const auto report = ImportReport::parse(check.stdoutData);
    if (!report)
        return couldNotCheck(ended, report.error());
    ended.diagnostics = report->judge(policy);
    const bool blocked = std::any_of(ended.diagnostics.begin(), ended.diagnostics.end(),
                                     [](const Diagnostic &d) { return d.severity == Diagnostic::Severity::Error; });
    if (blocked) {
        ended.exitCode = 1;
        ended.killDetail = blockedSentence(ended.diagnostics);
    }
    return ended;
}

void PolicyJob::onCheckFinished(const RunResult &result)
{
    RunResult judged = judge(result, m_policy);
    if (m_cancelled && judged.killReason == KillReason::None) {
        judged.killReason = KillReason::Cancelled;
        judged.killDetail = describeEnd(judged, PolicyCheck::limits());
    }
    // A line each on stderr too, as a compiler's messages are: `sandpit run` shows them.
    for (const Diagnostic &d : judged.diagnostics) {
        const QString kind
            = d.severity == Diagnostic::Severity::Error ? QStringLiteral("error") : QStringLiteral("warning");
        const QString place = d.file.isEmpty() ? QString() : QStringLiteral("%1:%2: ").arg(d.file).arg(d.line);
        Q_EMIT outputReceived(OutputStream::Stderr, QStringLiteral("%1%2: %3\n").arg(place, kind, d.message).toUtf8());
    }
    if (judged.killReason != KillReason::None || judged.exitCode != 0 || !m_next) {
        Q_EMIT finished(judged);
        return;
    }
    m_warnings = judged.diagnostics;
    m_nextStarted = true;
    m_next->start();
}

void PolicyJob::onNextFinished(const RunResult &result)
{
    RunResult withWarnings = result;
    withWarnings.diagnostics = m_warnings + result.diagnostics;
    Q_EMIT finished(withWarnings);
}

} // namespace Sandpit::Core
