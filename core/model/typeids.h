#pragma once

#include "base/enumwords.h"
#include "model/diagnostic.h"
#include "model/runerror.h"
#include "model/runresult.h"

#include <optional>

namespace Sandpit::Core {

// How the model's enums are spelt wherever they leave the program as words: the JSON the CLI
// prints and history keeps, settings, and the helper's options. The words are a format others
// read, so they are fixed here once rather than beside each enum.

/// "full", "partial" or "none".
QString isolationLevelId(IsolationReport::Level level);
/// The weakest isolation a user allows, as settings, the CLI and the helper spell it:
/// "never" (Full: nothing weaker), "partial" or "none".
QString allowWeakerId(IsolationReport::Level weakest);
std::optional<IsolationReport::Level> allowWeakerFromId(const QString &id);

/// "compile" or "run": the words used in JSON.
QString runStageId(RunStage stage);

/// "error", "warning" or "note": the words used in JSON.
QString severityId(Diagnostic::Severity severity);

/// "bad-request", "missing-toolchain", "sandbox-unavailable", ...: the words used in JSON.
QString runErrorCodeId(RunError::Code code);

/// The word of `value` in a table of EnumWord entries (base/enumwords.h).
template<typename Entry, std::size_t N>
QString enumId(const std::array<Entry, N> &table, decltype(Entry::value) value)
{
    return QString::fromLatin1(entryOf(table, value).word);
}

/// The enumerator a table spells `id`, if any; words are matched exactly.
template<typename Entry, std::size_t N>
std::optional<decltype(Entry::value)> enumFromId(const std::array<Entry, N> &table, QStringView id)
{
    return enumWhoseWord(table, [id](const char *word) { return id == QLatin1StringView(word); });
}

} // namespace Sandpit::Core
