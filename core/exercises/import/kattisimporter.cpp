#include "exercises/import/kattisimporter.h"

#include "exercises/import/importfiles.h"
#include "exercises/import/kattistests.h"
#include "exercises/import/yamlimport.h"
#include "exercises/tomltext.h"

#include <QFileInfo>

namespace Sandpit::Core {

namespace {

const QString kYaml = QStringLiteral("problem.yaml");

QString text(const YAML::Node &node)
{
    return node && node.IsScalar() ? QString::fromStdString(node.Scalar()) : QString();
}

void readLimits(const ImportFiles &files, const YAML::Node &given, PackDraft &draft)
{
    // A missing `limits` is an invalid node, and indexing one throws: read an empty map instead.
    const YAML::Node limits = given && given.IsMap() ? given : YAML::Node(YAML::NodeType::Map);
    if (given && !given.IsMap())
        draft.warnings << QStringLiteral("%1: 'limits' is not a mapping, not used").arg(kYaml);
    if (const YAML::Node memory = limits["memory"]; memory && memory.IsScalar())
        draft.memoryMegabytes = text(memory).toInt();
    double time = 1.0;
    if (const YAML::Node limit = limits["time_limit"]; limit && limit.IsScalar())
        time = text(limit).toDouble();
    else if (const auto file = files.readText(QStringLiteral(".timelimit")))
        time = QString::fromUtf8(*file).trimmed().toDouble();
    draft.timeSeconds = time > 0 ? time : 1.0;
    for (const char *key : {"time_multiplier", "time_safety_margin"})
        if (limits[key])
            draft.warnings << QStringLiteral("%1: 'limits.%2' has no Sandpit limit; the time limit is %3 s")
                                  .arg(kYaml, QLatin1String(key))
                                  .arg(*draft.timeSeconds);
    for (const char *key : {"output", "code", "compilation_time", "compilation_memory", "validation_time",
                            "validation_memory", "validation_output"})
        if (limits[key])
            draft.warnings << QStringLiteral("%1: 'limits.%2' is not mapped").arg(kYaml, QLatin1String(key));
}

void readMetadata(const YAML::Node &yaml, PackDraft &draft)
{
    const YAML::Node name = yaml["name"];
    if (name && name.IsMap())
        draft.title = text(name["en"]);
    else if (name)
        draft.title = text(name);
    if (const YAML::Node uuid = yaml["uuid"])
        draft.courseComments << QStringLiteral("uuid: %1").arg(text(uuid));
    for (const char *key : {"license", "rights_owner", "source", "author"}) {
        const YAML::Node node = yaml[key];
        if (node && node.IsScalar())
            draft.courseComments << QStringLiteral("%1: %2").arg(QLatin1String(key), text(node));
        else if (node)
            draft.warnings << QStringLiteral("%1: '%2' is not a plain value, not kept").arg(kYaml, QLatin1String(key));
    }
    if (const YAML::Node keywords = yaml["keywords"]) {
        QStringList words;
        if (keywords.IsSequence())
            for (const YAML::Node &word : keywords)
                words << text(word);
        else
            words << text(keywords);
        draft.courseComments << QStringLiteral("keywords: %1").arg(words.join(QStringLiteral(", ")));
    }
    if (const YAML::Node flags = yaml["validator_flags"])
        draft.checkerToml
            = kattisCheckerForFlags(text(flags), kYaml + QStringLiteral(": 'validator_flags'"), draft.warnings);
    // `validation: custom` is mapped by output_validators/ (the checker program); interactive is not.
    if (text(yaml["validation"]).contains(QLatin1String("interactive")))
        draft.warnings
            << QStringLiteral("%1: 'validation' interactive: interactive problems are not supported").arg(kYaml);
    for (const char *key : {"type", "languages", "constants"}) {
        const YAML::Node node = yaml[key];
        if (node && !(QLatin1String(key) == QLatin1String("type") && text(node) == QLatin1String("pass-fail"))
            && !(QLatin1String(key) == QLatin1String("validation") && text(node) == QLatin1String("default")))
            draft.warnings << QStringLiteral("%1: '%2' is handled through output_validators/ and testdata.yaml only")
                                  .arg(kYaml, QLatin1String(key));
    }
}

void readStatement(const ImportFiles &files, PackDraft &draft)
{
    for (const QString &name :
         {QStringLiteral("problem_statement/problem.en.md"), QStringLiteral("problem_statement/problem.md"),
          QStringLiteral("statement/problem.en.md")}) {
        if (const auto markdown = files.readText(name)) {
            draft.statementMarkdown = QString::fromUtf8(*markdown);
            return;
        }
    }
    for (const QString &name :
         {QStringLiteral("problem_statement/problem.en.tex"), QStringLiteral("problem_statement/problem.tex"),
          QStringLiteral("statement/problem.en.tex")}) {
        if (const auto tex = files.readText(name)) {
            draft.warnings << QStringLiteral("%1: LaTeX is not converted; kept as text in the statement").arg(name);
            draft.statementMarkdown
                = QStringLiteral("# %1\n\n```latex\n%2\n```\n").arg(draft.title, QString::fromUtf8(*tex));
            return;
        }
    }
    draft.warnings << QStringLiteral("problem_statement/: no problem.en.md, problem.md or .tex statement");
    draft.statementMarkdown = QStringLiteral("# %1\n").arg(draft.title);
}

} // namespace

namespace {

std::expected<PackDraft, QString> readPackage(const QString &path)
{
    const ImportFiles files(path);
    if (!files.isFile(kYaml))
        return std::unexpected(QStringLiteral("%1: no problem.yaml, so not a Kattis problem package").arg(path));
    const auto yaml = readYaml(files, kYaml);
    if (!yaml)
        return std::unexpected(yaml.error());
    PackDraft draft;
    draft.checkerToml = QStringLiteral("\"tokens\""); // the default output validator compares tokens
    readMetadata(*yaml, draft);
    if (draft.title.isEmpty())
        draft.title = QFileInfo(files.root()).fileName();
    draft.id = slugOf(QFileInfo(files.root()).fileName(), QStringLiteral("problem"));
    readLimits(files, (*yaml)["limits"], draft);
    readStatement(files, draft);
    if (auto tests = readKattisTests(files, draft); !tests)
        return std::unexpected(tests.error());
    readKattisPrograms(files, draft);
    return draft;
}

} // namespace

std::expected<PackDraft, QString> KattisImporter::read(const QString &path)
{
    // yaml-cpp throws on a node of an unexpected shape (a list where a map was expected); such
    // a package is malformed, and its exception must not leave the importer.
    try {
        return readPackage(path);
    } catch (const YAML::Exception &error) {
        return std::unexpected(QStringLiteral("%1: a YAML file is not in the shape the problem package format "
                                              "gives: %2")
                                   .arg(path, QString::fromStdString(error.what())));
    }
}

} // namespace Sandpit::Core
