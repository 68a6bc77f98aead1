#include "exercises/testoutcome.h"

#include "base/enumwords.h"

#include <array>

namespace Sandpit::Core {

namespace {
// The word is the stable id, in JSON and the progress file.
using VerdictInfo = EnumWordAndTitle<Verdict>;

constexpr std::array kVerdicts{
    VerdictInfo{Verdict::Passed, "passed", "Passed"},
    VerdictInfo{Verdict::WrongAnswer, "wrong-answer", "Wrong answer"},
    VerdictInfo{Verdict::WhitespaceOnly, "whitespace-only", "Only whitespace differs"},
    VerdictInfo{Verdict::TimeLimit, "time-limit", "Time limit"},
    VerdictInfo{Verdict::MemoryLimit, "memory-limit", "Memory limit"},
    VerdictInfo{Verdict::OutputLimit, "output-limit", "Output limit"},
    VerdictInfo{Verdict::RuntimeError, "runtime-error", "Runtime error"},
    VerdictInfo{Verdict::CompileError, "compile-error", "Compile error"},
    VerdictInfo{Verdict::BlockedSystemCall, "blocked-system-call", "Blocked system call"},
    VerdictInfo{Verdict::CheckerError, "checker-error", "Checker error"},
    VerdictInfo{Verdict::Stopped, "stopped", "Stopped"},
};
static_assert(namesEveryEnumerator(kVerdicts));
} // namespace

QString verdictId(Verdict verdict)
{
    return QString::fromLatin1(entryOf(kVerdicts, verdict).word);
}

std::optional<Verdict> verdictFromId(QStringView id)
{
    return enumWhoseWord(kVerdicts, [id](const char *word) { return id == QLatin1StringView(word); });
}

QString verdictTitle(Verdict verdict)
{
    return QString::fromLatin1(entryOf(kVerdicts, verdict).title);
}

} // namespace Sandpit::Core
