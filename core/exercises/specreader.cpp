// The limits and checker specs of exercise.toml, shared by the exercise and its tests.
#include "exercises/exercisereader.h"

#include "exercises/packfiles.h"

#include <QRegularExpression>

#include <cmath>

namespace Sandpit::Core {

namespace {

// Past a day, or a terabyte, a limit is a typo (a value in bytes where megabytes were meant).
constexpr double kMaxSeconds = 24 * 3600;
constexpr qint64 kMaxBytes = 1LL << 40;
// A learner's code a hundred times slower than the reference is another algorithm, and a
// multiplier under 1 would fail the reference itself.
constexpr double kMaxTimeMultiplier = 100;

struct CheckerName {
    const char *name;
    CheckerKind kind;
};
constexpr CheckerName kCheckerNames[] = {
    {"exact", CheckerKind::Exact},     {"lines", CheckerKind::Lines}, {"tokens", CheckerKind::Tokens},
    {"float", CheckerKind::Float},     {"regex", CheckerKind::Regex}, {"contains", CheckerKind::Contains},
    {"program", CheckerKind::Program},
};

std::optional<CheckerKind> checkerKind(const QString &name)
{
    for (const CheckerName &known : kCheckerNames)
        if (name == QLatin1String(known.name))
            return known.kind;
    return std::nullopt;
}

QString checkerNames()
{
    QStringList names;
    for (const CheckerName &known : kCheckerNames)
        names.append(QLatin1String(known.name));
    return names.join(QStringLiteral(", "));
}

std::optional<qint64> seconds(const TomlTable &limits, const char *key)
{
    const auto value = limits.number(key);
    if (!value)
        return std::nullopt;
    if (!(*value > 0) || *value > kMaxSeconds) {
        limits.problem(key, QStringLiteral("must be a number of seconds above 0 and at most a day"));
        return std::nullopt;
    }
    return qint64(std::ceil(*value * 1000));
}

std::optional<qint64> positive(const TomlTable &limits, const char *key, qint64 unit, const char *what)
{
    const auto value = limits.integer(key);
    if (!value)
        return std::nullopt;
    if (*value <= 0 || *value > kMaxBytes / unit) {
        limits.problem(key, QStringLiteral("must be a whole number of %1 above 0").arg(QLatin1String(what)));
        return std::nullopt;
    }
    return *value * unit;
}

bool readPattern(const TomlTable &checker, CheckerSpec &spec)
{
    const auto pattern = checker.string("pattern");
    if (!pattern || pattern->isEmpty()) {
        checker.problem(
            "pattern",
            QStringLiteral("a %1 checker needs a non-empty 'pattern'")
                .arg(spec.kind == CheckerKind::Regex ? QStringLiteral("regex") : QStringLiteral("contains")));
        return false;
    }
    if (spec.kind == CheckerKind::Regex) {
        const QRegularExpression regex(*pattern);
        if (!regex.isValid()) {
            checker.problem("pattern",
                            QStringLiteral("is not a valid regular expression: %1 (at character %2)")
                                .arg(regex.errorString())
                                .arg(regex.patternErrorOffset()));
            return false;
        }
    }
    spec.pattern = *pattern;
    return true;
}

bool readProgram(const TomlTable &checker, CheckerSpec &spec, const PackFiles &files, const PackLanguages &languages)
{
    if (!checker.has("program")) {
        checker.problemHere(QStringLiteral("a program checker needs 'program', the checker's source file"));
        return false;
    }
    spec.programPath = files.resolveKey(checker, "program");
    if (spec.programPath.isEmpty())
        return false;
    spec.programLanguage = checker.string("language").value_or(languages.forFile(spec.programPath));
    if (spec.programLanguage.isEmpty() || !languages.knows(spec.programLanguage)) {
        checker.problem(checker.has("language") ? "language" : "program",
                        QStringLiteral("the checker's language is unknown: set 'language' to one Sandpit knows"));
        return false;
    }
    if (const toml::table *limits = checker.table("limits"))
        spec.limits = readLimits(*limits, checker.problems(), checker.what().chopped(1) + QStringLiteral(".limits]"));
    return true;
}

std::optional<CheckerSpec> readCheckerTable(const toml::table &table, TomlProblems &problems, const QString &what,
                                            const PackFiles &files, const PackLanguages &languages)
{
    const TomlTable checker(table, problems, what,
                            {"kind", "absolute", "relative", "pattern", "program", "language", "limits"});
    const auto name = checker.string("kind", true);
    if (!name)
        return std::nullopt;
    CheckerSpec spec;
    if (const auto kind = checkerKind(*name)) {
        spec.kind = *kind;
    } else {
        checker.problem("kind", QStringLiteral("names no checker; the checkers are %1").arg(checkerNames()));
        return std::nullopt;
    }
    for (const char *key : {"absolute", "relative"}) {
        const auto tolerance = checker.number(key);
        if (tolerance && !(*tolerance >= 0))
            checker.problem(key, QStringLiteral("must be a tolerance of 0 or more"));
    }
    spec.absoluteTolerance = checker.number("absolute").value_or(spec.absoluteTolerance);
    spec.relativeTolerance = checker.number("relative").value_or(spec.relativeTolerance);
    if ((spec.kind == CheckerKind::Regex || spec.kind == CheckerKind::Contains) && !readPattern(checker, spec))
        return std::nullopt;
    if (spec.kind == CheckerKind::Program && !readProgram(checker, spec, files, languages))
        return std::nullopt;
    return spec;
}

} // namespace

LimitOverrides readLimits(const toml::table &table, TomlProblems &problems, const QString &what, TimeScaling *scaling)
{
    std::initializer_list<std::string_view> keys = {"time", "cpu", "memory", "output", "processes"};
    std::initializer_list<std::string_view> scalableKeys
        = {"time", "cpu", "memory", "output", "processes", "time_floor", "time_multiplier"};
    const TomlTable limits(table, problems, what, scaling ? scalableKeys : keys);
    if (scaling) {
        scaling->floorMs = seconds(limits, "time_floor");
        if (const auto multiplier = limits.number("time_multiplier")) {
            if (*multiplier >= 1 && *multiplier <= kMaxTimeMultiplier)
                scaling->multiplier = *multiplier;
            else
                limits.problem("time_multiplier",
                               QStringLiteral("must be at least 1 (the reference's own time) and at most %1")
                                   .arg(kMaxTimeMultiplier));
        }
    }
    LimitOverrides overrides;
    overrides.wallTimeMs = seconds(limits, "time");
    overrides.cpuTimeMs = seconds(limits, "cpu");
    overrides.memoryBytes = positive(limits, "memory", 1024LL * 1024, "megabytes");
    overrides.outputBytes = positive(limits, "output", 1024, "kilobytes");
    if (const auto processes = positive(limits, "processes", 1, "processes"))
        overrides.processes = int(qMin<qint64>(*processes, 100000));
    return overrides;
}

std::optional<CheckerSpec> readChecker(const TomlTable &owner, const PackFiles &files, const PackLanguages &languages)
{
    const toml::node *node = owner.node("checker");
    if (!node)
        return std::nullopt;
    if (const toml::table *table = node->as_table())
        return readCheckerTable(*table, owner.problems(),
                                owner.what() == QLatin1String("[[tests]]") ? QStringLiteral("[tests.checker]")
                                                                           : QStringLiteral("[checker]"),
                                files, languages);
    const auto name = owner.string("checker");
    if (!name)
        return std::nullopt;
    const auto kind = checkerKind(*name);
    if (!kind) {
        owner.problem("checker", QStringLiteral("names no checker; the checkers are %1").arg(checkerNames()));
        return std::nullopt;
    }
    if (*kind == CheckerKind::Regex || *kind == CheckerKind::Contains || *kind == CheckerKind::Program) {
        owner.problem("checker",
                      QStringLiteral("\"%1\" needs settings: write it as a [checker] table with kind = "
                                     "\"%1\"")
                          .arg(*name));
        return std::nullopt;
    }
    CheckerSpec spec;
    spec.kind = *kind;
    return spec;
}

} // namespace Sandpit::Core
