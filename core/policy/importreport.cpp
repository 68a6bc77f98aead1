#include "policy/importreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace Sandpit::Core {

namespace {
// A program has at most a few hundred imports; a report past this is not one.
constexpr qsizetype kMaxImports = 10'000;

const QStringList kHows{QStringLiteral("import"), QStringLiteral("from"), QStringLiteral("__import__"),
                        QStringLiteral("import_module")};

bool validPlace(const QJsonObject &object, FoundImport &found)
{
    const QJsonValue line = object.value(QStringLiteral("line"));
    const QJsonValue column = object.value(QStringLiteral("column"));
    found.file = object.value(QStringLiteral("file")).toString();
    found.line = line.toInt(-1);
    found.column = column.toInt(-1);
    return !found.file.isEmpty() && found.file.size() <= 4096 && !found.file.startsWith(QLatin1Char('/'))
        && found.line >= 0 && found.column >= 0;
}

std::optional<FoundImport> readImport(const QJsonObject &object)
{
    FoundImport found;
    if (!validPlace(object, found))
        return std::nullopt;
    if (object.contains(QStringLiteral("dynamic"))) {
        found.dynamic = true;
        found.how = object.value(QStringLiteral("dynamic")).toString();
        return kHows.contains(found.how) ? std::optional(found) : std::nullopt;
    }
    found.module = object.value(QStringLiteral("import")).toString();
    found.how = object.value(QStringLiteral("how")).toString();
    if (!ImportPolicy::isModuleName(found.module) || !kHows.contains(found.how))
        return std::nullopt;
    for (const QJsonValue &name : object.value(QStringLiteral("names")).toArray()) {
        // A from-import's names are identifiers; `*` is left out by the checker.
        if (!ImportPolicy::isModuleName(name.toString()) || name.toString().contains(QLatin1Char('.')))
            return std::nullopt;
        found.names << name.toString();
    }
    return found;
}

QString quoted(const QString &module)
{
    return QLatin1Char('`') + module + QLatin1Char('`');
}

Diagnostic diagnosticFor(const FoundImport &found, const ImportPolicy &policy)
{
    Diagnostic d{found.file, found.line, found.column, Diagnostic::Severity::Warning, {}};
    if (found.dynamic) {
        d.message = QStringLiteral("This import's module is only known when the program runs (%1 with a name "
                                   "that is not written out), so the import policy cannot check it")
                        .arg(found.how);
        return d;
    }
    const auto rule = policy.ruleFor(found.module, found.names);
    const QString named = policy.matchedName(*rule, found.module, found.names);
    if (*rule == ImportPolicy::Rule::Block) {
        d.severity = Diagnostic::Severity::Error;
        d.message = QStringLiteral("%1 may not be imported in this exercise").arg(quoted(named));
    } else {
        d.message = QStringLiteral("%1 is discouraged in this exercise (the import policy warns about it)")
                        .arg(quoted(named));
    }
    return d;
}
} // namespace

std::expected<ImportReport, QString> ImportReport::parse(const QByteArray &output)
{
    if (output.size() > kMaxBytes)
        return std::unexpected(QStringLiteral("the check printed more than %1 KB").arg(kMaxBytes / 1024));
    ImportReport report;
    const QList<QByteArray> lines = output.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(lines.at(i));
        if (!document.isObject())
            return std::unexpected(QStringLiteral("line %1 of the check's report is not a JSON object").arg(i + 1));
        const QJsonObject object = document.object();
        if (object.contains(QStringLiteral("end"))) {
            // The count ties the report together; anything after it is not the checker's.
            const bool rest = std::any_of(lines.begin() + i + 1, lines.end(),
                                          [](const QByteArray &l) { return !l.trimmed().isEmpty(); });
            if (rest || object.value(QStringLiteral("end")).toInteger(-1) != report.imports.size())
                return std::unexpected(QStringLiteral("the check's report does not add up"));
            return report;
        }
        // The checker could not look at everything (a file too large, its own limits): no
        // report, whatever came before, since what it did not read may hold a blocked import.
        if (object.contains(QStringLiteral("incomplete"))) {
            const QString why = object.value(QStringLiteral("incomplete")).toString().left(300);
            return std::unexpected(why.isEmpty() ? QStringLiteral("the check could not read every file") : why);
        }
        if (object.contains(QStringLiteral("syntax_error")))
            continue; // the program's own run reports it
        const auto found = readImport(object);
        if (!found)
            return std::unexpected(QStringLiteral("line %1 of the check's report is malformed").arg(i + 1));
        if (report.imports.size() >= kMaxImports)
            return std::unexpected(QStringLiteral("the check reported more than %1 imports").arg(kMaxImports));
        report.imports << *found;
    }
    return std::unexpected(QStringLiteral("the check's report ended early"));
}

QList<Diagnostic> ImportReport::judge(const ImportPolicy &policy) const
{
    QList<Diagnostic> diagnostics;
    for (const FoundImport &found : imports) {
        if (found.dynamic || policy.ruleFor(found.module, found.names))
            diagnostics << diagnosticFor(found, policy);
    }
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
    });
    return diagnostics;
}

} // namespace Sandpit::Core
