#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace Sandpit {

/// One enumerator and the word that names it outside the program (JSON, settings, the
/// helper's report). Tables of these replace switches, and namesEveryEnumerator() keeps the
/// switch's promise that no enumerator is left without a word.
template<typename Enum>
struct EnumWord {
    Enum value;
    const char *word;
};

/// An enumerator, its word, and its title for people ("timeout", "Stopped: it ran longer than
/// the time limit"): for the enums that are both stored and shown.
template<typename Enum>
struct EnumWordAndTitle {
    Enum value;
    const char *word;
    const char *title;
};

namespace Detail {
// Whether V is a named enumerator. A compiler spells a named value by its name in the signature
// of the function it instantiates, and any other value as a cast, "(Enum)3" (GCC and Clang).
template<auto V>
constexpr bool isNamedEnumerator()
{
    const std::string_view signature = __PRETTY_FUNCTION__;
    const std::size_t at = signature.rfind("V = ");
    return at != std::string_view::npos && signature[at + 4] != '(';
}
} // namespace Detail

/// Whether `table` (entries with `value` and `word`) holds each enumerator once, in the enum's
/// order, and the value past its last is no enumerator: every enumerator has its entry. For a
/// static_assert beside the table, so that an enumerator added without a word stops the build,
/// as -Werror=switch stops a switch that misses one. The enum's values run from 0 without gaps.
template<typename Entry, std::size_t N>
constexpr bool namesEveryEnumerator(const std::array<Entry, N> &table)
{
    using Enum = decltype(Entry::value);
    for (std::size_t i = 0; i < N; ++i) {
        if (static_cast<std::size_t>(std::to_underlying(table[i].value)) != i)
            return false;
    }
    return !Detail::isNamedEnumerator<static_cast<Enum>(N)>();
}

/// The entry of `value` in a table that namesEveryEnumerator().
template<typename Entry, std::size_t N>
constexpr const Entry &entryOf(const std::array<Entry, N> &table, decltype(Entry::value) value)
{
    return table.at(static_cast<std::size_t>(std::to_underlying(value)));
}

/// The enumerator whose word `matches` (a predicate on the word), if any.
template<typename Entry, std::size_t N, typename Matches>
constexpr std::optional<decltype(Entry::value)> enumWhoseWord(const std::array<Entry, N> &table, Matches matches)
{
    for (const Entry &entry : table) {
        if (matches(entry.word))
            return entry.value;
    }
    return std::nullopt;
}

} // namespace Sandpit
