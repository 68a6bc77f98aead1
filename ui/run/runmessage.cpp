#include "run/runmessage.h"

#include "model/killdetail.h"
#include "run/erroradvice.h"

#include <QSet>

namespace Sandpit::Ui {

namespace {
// killDetail without its first sentence when that sentence only restates the exit code:
// the Result row shows the code, and what follows (a limit it reached, a wait for input)
// is still news.
QString detailAfterExitCode(const Core::RunResult &result)
{
    const QString exitSentence = Core::describeEndAlone(result, Core::Limits{});
    QString detail = result.killDetail;
    if (detail.startsWith(exitSentence))
        detail = detail.mid(exitSentence.size());
    return detail.trimmed();
}

QString lines(const QString &first, const QString &second)
{
    if (first.isEmpty() || second.isEmpty())
        return first + second;
    return first + QLatin1Char('\n') + second;
}

// A refused host is often why a program failed, and the Network rows may be scrolled out of a
// small pane, so the sentence under the heading says it.
QString deniedSentence(const Core::RunResult &result)
{
    // A set beside the list: a run may bring a thousand attempts, and this runs on the GUI thread.
    QStringList denied;
    QSet<QString> seen;
    for (const Core::NetworkAttempt &attempt : result.network) {
        // Port 0 is the proxy's "N more attempts not listed", not a place. A package install's
        // refusal is the setup step's own sentence, which names the setting that allows it.
        if (attempt.allowed || attempt.port == 0 || attempt.install)
            continue;
        const QString place = Core::AllowedDestination{attempt.host, attempt.port}.text();
        if (!seen.contains(place)) {
            seen.insert(place);
            denied << place;
        }
    }
    if (denied.isEmpty())
        return {};
    constexpr qsizetype kNamed = 3;
    QString named = denied.first(std::min(denied.size(), kNamed)).join(QStringLiteral(", "));
    if (denied.size() > kNamed)
        named += QStringLiteral(" and %1 more").arg(denied.size() - kNamed);
    return QStringLiteral("Sandpit's proxy refused %1: not among the allowed hosts (Settings › Network).").arg(named);
}

// What to do next about a limit the playground's settings set: a first course's "print the
// numbers to 200000" is stopped at the output limit, where Thonny would have printed them all.
QString limitAdvice(const Core::RunResult &result)
{
    if (result.stage != Core::RunStage::Run)
        return {};
    // A named sandbox's limits are its own, fixed when it was made: the settings change nothing.
    if (!result.sandbox.isEmpty()) {
        return result.killReason == Core::KillReason::Memory
            ? QStringLiteral("The sandbox “%1” sets this limit: to give it more, make it again with a larger --memory "
                             "(Sandboxes tab › New…, or sandpit sandbox create).")
                  .arg(result.sandbox)
            : QString();
    }
    switch (result.killReason) {
    case Core::KillReason::Timeout:
        return QStringLiteral("If it should have ended by then, look for a loop whose condition never becomes false; "
                              "if it needs longer, raise Wall time in Settings › Running.");
    case Core::KillReason::OutputLimit:
        return QStringLiteral("If it should print that much, raise Output in Settings › Running.");
    case Core::KillReason::Memory:
        return QStringLiteral("If it needs that much, raise Memory in Settings › Running.");
    case Core::KillReason::CpuTime:
        return QStringLiteral("If it needs longer, raise CPU time in Settings › Running.");
    default:
        return {};
    }
}

QString endMessage(const Core::RunResult &result)
{
    using Core::KillReason;
    if (result.killReason != KillReason::None)
        return lines(lines(Core::resultHeadline(result), result.killDetail), limitAdvice(result));
    const QString error = Core::resultError(result);
    if (result.stage != Core::RunStage::Run)
        return lines(error, result.killDetail);
    if (result.exitCode.value_or(0) != 0) {
        // Under "Stopped with an error": the error, what to do about it, then only what the
        // exit-code sentence adds.
        if (!error.isEmpty()) {
            const QString advice = errorAdvice(Core::firstErrorDiagnostic(result.diagnostics)->message);
            return lines(lines(error, advice), detailAfterExitCode(result));
        }
        return result.killDetail; // "The program ended with exit code 3, which usually means…"
    }
    if (result.outputCheck && !result.outputCheck->matches)
        return result.outputCheck->difference();
    if (result.outputCheck)
        return Core::resultHeadline(result) + QLatin1Char('.');
    return result.killDetail;
}
} // namespace

QString runMessage(const Core::RunResult &result)
{
    return lines(endMessage(result), deniedSentence(result));
}

} // namespace Sandpit::Ui
