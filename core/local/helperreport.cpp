#include "local/helperreport.h"

#include "helper/protocol.h"

#include <cstring>

namespace Sandpit::Core {

namespace P = Helper::Protocol;

HelperReport HelperReport::parse(const QByteArray &text)
{
    HelperReport report;
    for (const QByteArray &line : text.split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq <= 0)
            continue;
        const QString key = QString::fromUtf8(line.left(eq));
        const QString value = QString::fromUtf8(line.mid(eq + 1));
        if (key == QLatin1String(P::kIsolation))
            report.m_isolation << value;
        else if (key == QLatin1String(P::kUnavailable))
            report.m_unavailable << value;
        else
            report.m_values.insert(key, value);
    }
    return report;
}

Expected<void> HelperReport::applyTo(RunResult &result) const
{
    const auto reason = killReasonFromId(value(P::kKillReason));
    if (!has(P::kOutcome) || !reason)
        return makeError(RunError::Code::Internal, QStringLiteral("The sandbox helper wrote an incomplete report."));
    if (value(P::kOutcome) == QLatin1String("exited"))
        result.exitCode = int(number(P::kExitCode));
    else
        result.signal = int(number(P::kSignal));
    result.killReason = *reason;
    if (has(P::kLimitsReached))
        result.limitsReached = value(P::kLimitsReached).split(QLatin1Char(','), Qt::SkipEmptyParts);
    result.wallMs = number(P::kWallUs) / 1000;
    result.inputWaitMs = number(P::kInputWaitUs) / 1000;
    result.cpuMs = number(P::kCpuUs) / 1000;
    result.peakMemoryBytes = number(P::kPeakRss);
    result.artifactsLeftBehind = number(P::kArtifactsCapped) != 0;
    const QString level = value(P::kIsolationLevel);
    result.isolation.level = level == QLatin1String("full") ? IsolationReport::Level::Full
        : level == QLatin1String("partial")                 ? IsolationReport::Level::Partial
                                                            : IsolationReport::Level::None;
    result.isolation.details = m_isolation;
    result.isolation.cgroupKind = value(P::kCgroupKind);
    result.isolation.cgroupControllers = value(P::kCgroupControllers).split(QLatin1Char(','), Qt::SkipEmptyParts);
    result.isolation.cgroupMissing = value(P::kCgroupMissing);
    return {};
}

RunError HelperReport::setupError() const
{
    const QString step = value(P::kSetupStep);
    const int err = int(number(P::kSetupErrno));
    const QString why = QString::fromLocal8Bit(std::strerror(err));
    if (step == QLatin1String(P::kSandboxUnavailableStep)) {
        QStringList sentences{
            QStringLiteral("Sandpit did not run the program: this computer cannot give it a full sandbox, "
                           "and a weaker one was not allowed.")};
        sentences << m_unavailable << value(P::kUnavailableFix);
        return RunError{RunError::Code::SandboxUnavailable, sentences.join(QLatin1Char(' '))};
    }
    if (step == QLatin1String(P::kProxyNeedsNetworkNamespaceStep)) {
        return RunError{RunError::Code::SandboxUnavailable,
                        QStringLiteral("Sandpit did not run the program: a run with network access (an allow-list) "
                                       "needs the full sandbox, whose network is its own, and this computer gave "
                                       "only a weaker one. Without it the program could reach any host.")};
    }
    if (step == QLatin1String("execve")) {
        return RunError{RunError::Code::MissingToolchain,
                        QStringLiteral("The program's interpreter could not be started (%1).").arg(why)};
    }
    return RunError{RunError::Code::SetupFailed,
                    QStringLiteral("The sandbox could not be set up: the step \"%1\" failed (%2).").arg(step, why)};
}

} // namespace Sandpit::Core
