#include "policy/importpolicy.h"

#include <QRegularExpression>

namespace Sandpit::Core {

namespace {
// `os` covers `os` and `os.path`, never `osmosis`.
bool covers(const QString &rule, const QString &module)
{
    return module == rule || (module.startsWith(rule) && module.at(rule.size()) == QLatin1Char('.'));
}

// The names an import brings in, as dotted modules: the module itself and, for a from-import,
// each name below it (which may be a submodule).
QStringList candidates(const QString &module, const QStringList &names)
{
    QStringList all{module};
    for (const QString &name : names)
        all << module + QLatin1Char('.') + name;
    return all;
}

QString firstCovering(const QStringList &rules, const QStringList &modules)
{
    for (const QString &module : modules) {
        for (const QString &rule : rules) {
            if (covers(rule, module))
                return rule;
        }
    }
    return {};
}
} // namespace

std::optional<ImportPolicy::Rule> ImportPolicy::ruleFor(const QString &module, const QStringList &names) const
{
    const QStringList modules = candidates(module, names);
    if (!firstCovering(block, modules).isEmpty())
        return Rule::Block;
    if (!firstCovering(warn, modules).isEmpty())
        return Rule::Warn;
    return std::nullopt;
}

QString ImportPolicy::matchedName(Rule rule, const QString &module, const QStringList &names) const
{
    return firstCovering(rule == Rule::Block ? block : warn, candidates(module, names));
}

bool ImportPolicy::isModuleName(const QString &name)
{
    // Python's identifiers are wider (any Unicode letter); a module a teacher names is ASCII.
    static const QRegularExpression dotted(QStringLiteral(R"(^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$)"));
    return dotted.match(name).hasMatch();
}

std::optional<QStringList> ImportPolicy::parseList(const QString &text, QString *error)
{
    static const QRegularExpression separators(QStringLiteral(R"([,\s]+)"));
    QStringList names;
    for (const QString &name : text.split(separators, Qt::SkipEmptyParts)) {
        if (!isModuleName(name)) {
            if (error)
                *error = QStringLiteral("“%1” is not a module name: write dotted names such as os or os.path, "
                                        "separated by commas or spaces.")
                             .arg(name);
            return std::nullopt;
        }
        if (!names.contains(name))
            names << name;
    }
    return names;
}

} // namespace Sandpit::Core
