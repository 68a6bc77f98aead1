#include "exercises/exercisereader.h"

#include "exercises/packfiles.h"
#include "exercises/referencetimesreader.h"
#include "files/programfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace Sandpit::Core {

namespace {

// A statement is a page of Markdown; one past this is a mistake (a data file named README.md).
constexpr qint64 kMaxStatementBytes = 1024LL * 1024;

QString readStatement(const TomlTable &exercise, const PackFiles &files)
{
    const QString path = files.resolveKey(exercise, "statement", QStringLiteral("README.md"));
    if (path.isEmpty())
        return {};
    QFile file(path);
    if (file.size() > kMaxStatementBytes || !file.open(QIODevice::ReadOnly)) {
        exercise.problem("statement",
                         QStringLiteral("the statement %1 cannot be read, or is larger than %2 bytes")
                             .arg(QFileInfo(path).fileName())
                             .arg(kMaxStatementBytes));
        return {};
    }
    const QByteArray bytes = file.readAll();
    if (ProgramFile::firstInvalidUtf8(bytes) >= 0 || bytes.contains('\0')) {
        exercise.problem("statement",
                         QStringLiteral("the statement %1 is not UTF-8 text").arg(QFileInfo(path).fileName()));
        return {};
    }
    return QString::fromUtf8(bytes);
}

/// The wrong solutions in wrong/ whose extension is the entry file's.
QStringList wrongSolutions(const PackFiles &files, const QString &entryFile)
{
    const QString suffix = QFileInfo(entryFile).suffix();
    QStringList paths;
    const QDir wrong(files.folder() + QStringLiteral("/wrong"));
    for (const QFileInfo &info : wrong.entryInfoList(QDir::Files, QDir::Name))
        if (info.suffix() == suffix)
            paths.append(info.absoluteFilePath());
    return paths;
}

std::optional<ExerciseLanguage> readLanguage(const QString &id, const toml::table &table, TomlProblems &problems,
                                             const PackFiles &files)
{
    const TomlTable language(table, problems, QStringLiteral("[languages.%1]").arg(id),
                             {"entry", "starter", "solution", "harness"});
    const QString entry = language.string("entry", true).value_or(QString());
    if (entry.isEmpty())
        return std::nullopt;
    if (!PackFiles::isPlainRelativePath(entry) || entry.contains(QLatin1Char('/'))) {
        language.problem("entry", QStringLiteral("must be a plain file name such as \"sum.py\""));
        return std::nullopt;
    }
    ExerciseLanguage result{id, entry, {}, {}, {}, wrongSolutions(files, entry)};
    result.starterPath = files.resolveKey(language, "starter", QStringLiteral("starter/") + entry);
    // A pack for learners may leave the reference solution out; one it names must be there.
    if (language.has("solution"))
        result.solutionPath = files.resolveKey(language, "solution");
    else if (auto solution = files.resolve(QStringLiteral("solution/") + entry))
        result.solutionPath = *solution;
    result.harnessPath = files.resolveKey(language, "harness");
    return result;
}

QList<ExerciseLanguage> readLanguages(const TomlTable &exercise, const PackFiles &files, const PackLanguages &languages)
{
    QList<ExerciseLanguage> result;
    const toml::table *table = exercise.table("languages");
    if (!table) {
        if (!exercise.has("languages"))
            exercise.problemHere(QStringLiteral("the exercise names no language: add a [languages.python] (or "
                                                "another language's) table with its entry file"));
        return result;
    }
    for (const auto &[key, value] : *table) {
        const QString id = fromToml(key.str());
        if (!languages.knows(id)) {
            exercise.problems().add(key.source(),
                                    QStringLiteral("unknown language \"%1\" (Sandpit knows: %2)")
                                        .arg(id, languages.ids.join(QStringLiteral(", "))));
        } else if (!value.is_table()) {
            exercise.problems().add(value.source(), QStringLiteral("[languages.%1] must be a table").arg(id));
        } else if (auto language = readLanguage(id, *value.as_table(), exercise.problems(), files)) {
            result.append(*language);
        }
    }
    return result;
}

QList<Hint> readHints(const TomlTable &exercise)
{
    QList<Hint> hints;
    const toml::array *array = exercise.array("hints");
    if (!array)
        return hints;
    for (const toml::node &item : *array) {
        if (!item.is_table()) {
            exercise.problems().add(item.source(), QStringLiteral("each of [[hints]] must be a table"));
            continue;
        }
        const TomlTable hint(*item.as_table(), exercise.problems(), QStringLiteral("[[hints]]"), {"after", "text"});
        const qint64 after = hint.integer("after").value_or(1);
        if (after < 1)
            hint.problem("after", QStringLiteral("must be at least 1 (the number of failed Checks)"));
        if (const auto text = hint.string("text", true))
            hints.append(Hint{int(std::clamp<qint64>(after, 1, 1000000)), *text});
    }
    return hints;
}

// [policy]: every name a dotted module name, reported at the list that holds a wrong one.
ImportPolicy readPolicy(const toml::table &table, TomlProblems &problems)
{
    ImportPolicy policy;
    const TomlTable section(table, problems, QStringLiteral("[policy]"), {"warn", "block"});
    for (const auto &[key, into] : {std::pair{"warn", &policy.warn}, std::pair{"block", &policy.block}}) {
        for (const QString &name : section.strings(key).value_or(QStringList())) {
            if (ImportPolicy::isModuleName(name))
                *into << name;
            else
                section.problem(key,
                                QStringLiteral("\"%1\" is not a module name: write dotted names such as os or "
                                               "os.path")
                                    .arg(name));
        }
    }
    return policy;
}

// Each entry is checked where it stands, so the author is pointed at the one bad string.
QList<AllowedDestination> readNetwork(const TomlTable &exercise)
{
    QList<AllowedDestination> allowed;
    const toml::table *table = exercise.table("network");
    if (!table)
        return allowed;
    const TomlTable network(*table, exercise.problems(), QStringLiteral("[network]"), {"allow"});
    const toml::array *entries = network.array("allow");
    if (!entries)
        return allowed;
    for (const toml::node &entry : *entries) {
        const auto text = entry.value<std::string_view>();
        if (!text) {
            exercise.problems().add(entry.source(),
                                    QStringLiteral("each of 'allow' in [network] must be a string such as "
                                                   "\"pypi.org:443\", not %1")
                                        .arg(tomlTypeName(entry)));
            continue;
        }
        const auto destination = parseAllowedDestination(fromToml(*text));
        if (!destination)
            exercise.problems().add(entry.source(), destination.error().message);
        else if (!allowed.contains(*destination))
            allowed.append(*destination);
    }
    return allowed;
}

} // namespace

QString idProblem(const QString &id, const QString &what)
{
    // Ids name the learner's folders and progress files: nothing that could leave a folder.
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    if (valid.match(id).hasMatch())
        return {};
    return QStringLiteral("\"%1\" cannot be %2 id: use letters, digits, '.', '_' and '-'").arg(id, what);
}

QString PackLanguages::forFile(const QString &path) const
{
    return byExtension.value(QFileInfo(path).suffix().toLower());
}

PackLanguages PackLanguages::defaults()
{
    return {{},
            {{QStringLiteral("py"), QStringLiteral("python")},
             {QStringLiteral("c"), QStringLiteral("c")},
             {QStringLiteral("cpp"), QStringLiteral("cpp")},
             {QStringLiteral("cc"), QStringLiteral("cpp")},
             {QStringLiteral("js"), QStringLiteral("javascript")},
             {QStringLiteral("sh"), QStringLiteral("bash")}}};
}

std::expected<Exercise, QList<PackProblem>> readExercise(const QString &folder, const QString &packFolder,
                                                         const PackLanguages &languages)
{
    Exercise exercise;
    exercise.id = QFileInfo(folder).fileName();
    exercise.folder = QFileInfo(folder).absoluteFilePath();
    const QString tomlPath = exercise.folder + QStringLiteral("/exercise.toml");
    if (const QString problem = idProblem(exercise.id, QStringLiteral("an exercise")); !problem.isEmpty())
        return std::unexpected(QList<PackProblem>{PackProblem{exercise.folder, 0, 0, problem, exercise.id}});
    auto document = parseTomlFile(tomlPath);
    if (!document) {
        document.error().exerciseId = exercise.id;
        return std::unexpected(QList<PackProblem>{document.error()});
    }
    TomlProblems problems(tomlPath);
    problems.setRoot(*document);
    const PackFiles files(exercise.folder, packFolder);
    const TomlTable table(*document, problems, QStringLiteral("exercise.toml"),
                          {"title", "statement", "checker", "languages", "limits", "policy", "hints", "tests", "wrong",
                           "network"});
    exercise.title = table.string("title", true).value_or(QString());
    exercise.statementMarkdown = readStatement(table, files);
    exercise.languages = readLanguages(table, files, languages);
    if (const toml::table *limits = table.table("limits"))
        exercise.limits = readLimits(*limits, problems, QStringLiteral("[limits]"), &exercise.timeScaling);
    if (const toml::table *policy = table.table("policy"))
        exercise.importPolicy = readPolicy(*policy, problems);
    exercise.checker = readChecker(table, files, languages).value_or(CheckerSpec{});
    exercise.hints = readHints(table);
    exercise.network = readNetwork(table);
    exercise.tests = readTests(table, files, languages);
    exercise.wrongExpectations = readWrongExpectations(table);
    if (problems.isEmpty()) {
        readReferenceTimes(exercise, packFolder);
        return exercise;
    }
    QList<PackProblem> list = problems.list();
    for (PackProblem &problem : list)
        problem.exerciseId = exercise.id;
    return std::unexpected(list);
}

} // namespace Sandpit::Core
