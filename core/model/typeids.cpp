#include "model/typeids.h"

namespace Sandpit::Core {

QString isolationLevelId(IsolationReport::Level level)
{
    switch (level) {
    case IsolationReport::Level::Full:
        return QStringLiteral("full");
    case IsolationReport::Level::Partial:
        return QStringLiteral("partial");
    case IsolationReport::Level::None:
        break;
    }
    return QStringLiteral("none");
}

QString allowWeakerId(IsolationReport::Level weakest)
{
    return weakest == IsolationReport::Level::Full ? QStringLiteral("never") : isolationLevelId(weakest);
}

std::optional<IsolationReport::Level> allowWeakerFromId(const QString &id)
{
    for (auto level : {IsolationReport::Level::Full, IsolationReport::Level::Partial, IsolationReport::Level::None}) {
        if (id == allowWeakerId(level))
            return level;
    }
    return std::nullopt;
}

QString runStageId(RunStage stage)
{
    return stage == RunStage::Compile ? QStringLiteral("compile") : QStringLiteral("run");
}

QString severityId(Diagnostic::Severity severity)
{
    switch (severity) {
    case Diagnostic::Severity::Warning:
        return QStringLiteral("warning");
    case Diagnostic::Severity::Note:
        return QStringLiteral("note");
    case Diagnostic::Severity::Error:
        break;
    }
    return QStringLiteral("error");
}

QString runErrorCodeId(RunError::Code code)
{
    switch (code) {
    case RunError::Code::BadRequest:
        return QStringLiteral("bad-request");
    case RunError::Code::MissingInputFile:
        return QStringLiteral("missing-input-file");
    case RunError::Code::UnknownLanguage:
        return QStringLiteral("unknown-language");
    case RunError::Code::MissingToolchain:
        return QStringLiteral("missing-toolchain");
    case RunError::Code::BackendUnavailable:
        return QStringLiteral("backend-unavailable");
    case RunError::Code::MissingImage:
        return QStringLiteral("missing-image");
    case RunError::Code::SetupFailed:
        return QStringLiteral("setup-failed");
    case RunError::Code::SandboxUnavailable:
        return QStringLiteral("sandbox-unavailable");
    case RunError::Code::Internal:
        break;
    }
    return QStringLiteral("internal");
}

} // namespace Sandpit::Core
