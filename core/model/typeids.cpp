#include "model/typeids.h"

namespace Sandpit::Core {

namespace {
// Each table is checked against its enum when it is compiled (see namesEveryEnumerator).
constexpr std::array<EnumWord<IsolationReport::Level>, 3> kIsolationLevels{{
    {IsolationReport::Level::Full, "full"},
    {IsolationReport::Level::Partial, "partial"},
    {IsolationReport::Level::None, "none"},
}};
static_assert(namesEveryEnumerator(kIsolationLevels));

constexpr std::array<EnumWord<RunStage>, 4> kRunStages{{
    {RunStage::Setup, "setup"},
    {RunStage::Policy, "policy"},
    {RunStage::Compile, "compile"},
    {RunStage::Run, "run"},
}};
static_assert(namesEveryEnumerator(kRunStages));

constexpr std::array<EnumWord<Diagnostic::Severity>, 3> kSeverities{{
    {Diagnostic::Severity::Error, "error"},
    {Diagnostic::Severity::Warning, "warning"},
    {Diagnostic::Severity::Note, "note"},
}};
static_assert(namesEveryEnumerator(kSeverities));

constexpr std::array<EnumWord<RunError::Code>, 9> kRunErrorCodes{{
    {RunError::Code::BadRequest, "bad-request"},
    {RunError::Code::MissingInputFile, "missing-input-file"},
    {RunError::Code::UnknownLanguage, "unknown-language"},
    {RunError::Code::MissingToolchain, "missing-toolchain"},
    {RunError::Code::BackendUnavailable, "backend-unavailable"},
    {RunError::Code::MissingImage, "missing-image"},
    {RunError::Code::SetupFailed, "setup-failed"},
    {RunError::Code::SandboxUnavailable, "sandbox-unavailable"},
    {RunError::Code::Internal, "internal"},
}};
static_assert(namesEveryEnumerator(kRunErrorCodes));
} // namespace

QString isolationLevelId(IsolationReport::Level level)
{
    return enumId(kIsolationLevels, level);
}

QString allowWeakerId(IsolationReport::Level weakest)
{
    return weakest == IsolationReport::Level::Full ? QStringLiteral("never") : isolationLevelId(weakest);
}

std::optional<IsolationReport::Level> allowWeakerFromId(const QString &id)
{
    for (const auto &[level, word] : kIsolationLevels) {
        if (id == allowWeakerId(level))
            return level;
    }
    return std::nullopt;
}

QString runStageId(RunStage stage)
{
    return enumId(kRunStages, stage);
}

QString severityId(Diagnostic::Severity severity)
{
    return enumId(kSeverities, severity);
}

QString runErrorCodeId(RunError::Code code)
{
    return enumId(kRunErrorCodes, code);
}

} // namespace Sandpit::Core
