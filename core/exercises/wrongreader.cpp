// The [wrong."file"] tables of exercise.toml: the verdict a wrong program must fail with.
#include "exercises/exercisereader.h"

#include "exercises/packfiles.h"
#include "exercises/testoutcome.h"

namespace Sandpit::Core {

namespace {
/// The words `expect` may be: a verdict's id, or its short form as Kattis's submission folders
/// say it ("time" for time_limit_exceeded). Passed, a checker error and stopped are never a
/// wrong program's fault.
struct ExpectWord {
    const char *word;
    Verdict verdict;
};
constexpr ExpectWord kShortExpectWords[] = {
    {"wrong", Verdict::WrongAnswer},         {"time", Verdict::TimeLimit},       {"memory", Verdict::MemoryLimit},
    {"output", Verdict::OutputLimit},        {"runtime", Verdict::RuntimeError}, {"compile", Verdict::CompileError},
    {"syscall", Verdict::BlockedSystemCall},
};

std::optional<Verdict> expectedVerdict(const QString &word)
{
    for (const ExpectWord &known : kShortExpectWords)
        if (word == QLatin1String(known.word))
            return known.verdict;
    const auto verdict = verdictFromId(word);
    if (verdict == Verdict::Passed || verdict == Verdict::CheckerError || verdict == Verdict::Stopped)
        return std::nullopt;
    return verdict;
}

QString expectWords()
{
    QStringList words;
    for (const ExpectWord &known : kShortExpectWords)
        words << QStringLiteral("\"%1\" (%2)").arg(QLatin1String(known.word), verdictId(known.verdict));
    return words.join(QStringLiteral(", "));
}
} // namespace

QHash<QString, Verdict> readWrongExpectations(const TomlTable &exercise)
{
    QHash<QString, Verdict> expectations;
    const toml::table *wrong = exercise.table("wrong");
    if (!wrong)
        return expectations;
    for (const auto &[key, value] : *wrong) {
        const QString name = fromToml(key.str());
        if (!PackFiles::isPlainRelativePath(name) || name.contains(QLatin1Char('/'))) {
            exercise.problems().add(key.source(),
                                    QStringLiteral("[wrong.\"%1\"] must name a file in wrong/, such as "
                                                   "[wrong.\"slow.py\"]")
                                        .arg(name));
            continue;
        }
        if (!value.is_table()) {
            exercise.problems().add(value.source(), QStringLiteral("[wrong.\"%1\"] must be a table").arg(name));
            continue;
        }
        const TomlTable program(*value.as_table(), exercise.problems(), QStringLiteral("[wrong.\"%1\"]").arg(name),
                                {"expect"});
        const auto word = program.string("expect", true);
        if (!word)
            continue;
        if (const auto verdict = expectedVerdict(*word))
            expectations.insert(name, *verdict);
        else
            program.problem(
                "expect",
                QStringLiteral("\"%1\" is no verdict a wrong program can fail with; use %2").arg(*word, expectWords()));
    }
    return expectations;
}

} // namespace Sandpit::Core
