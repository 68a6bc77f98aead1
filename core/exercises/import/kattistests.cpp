#include "exercises/import/kattistests.h"

#include "exercises/import/importfiles.h"
#include "exercises/import/yamlimport.h"

#include <QFileInfo>

namespace Sandpit::Core {

namespace {

QString scalar(const YAML::Node &node)
{
    return node && node.IsScalar() ? QString::fromStdString(node.Scalar()) : QString();
}

QString tomlNumber(const QString &number)
{
    // Kattis writes "1e-6" or "1"; TOML wants a float it can read, and 0 is the flag's default.
    const QString text = QString::number(number.toDouble(), 'e', 17);
    return text;
}

} // namespace

QString kattisCheckerForFlags(const QString &flags, const QString &where, QStringList &warnings)
{
    const QStringList words = flags.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString absolute, relative;
    bool caseSensitive = false, spaceSensitive = false;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString &word = words.at(i);
        const QString next = words.value(i + 1);
        if (word == QLatin1String("case_sensitive"))
            caseSensitive = true;
        else if (word == QLatin1String("space_change_sensitive"))
            spaceSensitive = true;
        else if (word == QLatin1String("float_tolerance"))
            absolute = relative = next, ++i;
        else if (word == QLatin1String("float_absolute_tolerance"))
            absolute = next, ++i;
        else if (word == QLatin1String("float_relative_tolerance"))
            relative = next, ++i;
        else
            warnings << QStringLiteral("%1: 'output_validator_flags' %2 is not understood").arg(where, word);
    }
    if (!absolute.isEmpty() || !relative.isEmpty())
        return QStringLiteral("{ kind = \"float\", absolute = %1, relative = %2 }")
            .arg(tomlNumber(absolute), tomlNumber(relative));
    if (caseSensitive && spaceSensitive)
        return QStringLiteral("\"exact\"");
    if (!caseSensitive)
        warnings << QStringLiteral("%1: the default validator ignores case; Sandpit compares case, so this is stricter")
                        .arg(where);
    return QStringLiteral("\"tokens\"");
}

namespace {

void readTestYaml(const ImportFiles &files, const QString &base, DraftTest &test, PackDraft &draft)
{
    const QString name = base + QStringLiteral(".yaml");
    if (!files.isFile(name))
        return;
    const auto yaml = readYaml(files, name);
    if (!yaml) {
        draft.warnings << yaml.error();
        return;
    }
    const YAML::Node args = (*yaml)["args"];
    if (args && args.IsSequence())
        for (const YAML::Node &arg : args)
            test.arguments << scalar(arg);
    test.hint = scalar((*yaml)["hint"]);
    if (const QString description = scalar((*yaml)["description"]); !description.isEmpty())
        test.hint = test.hint.isEmpty() ? description : QStringLiteral("%1 (%2)").arg(test.hint, description);
}

std::expected<void, QString> readGroup(const ImportFiles &files, const QString &folder, const QString &checker,
                                       const QString &visibility, PackDraft &draft)
{
    QString groupChecker = checker;
    const QString testdata = folder + QStringLiteral("/testdata.yaml");
    if (files.isFile(testdata)) {
        const auto yaml = readYaml(files, testdata);
        if (!yaml)
            return std::unexpected(yaml.error());
        if (const YAML::Node flags = (*yaml)["output_validator_flags"])
            groupChecker = kattisCheckerForFlags(scalar(flags), testdata, draft.warnings);
        for (const char *key : {"input_validator_flags", "grading", "scoring", "accept_score", "range"})
            if ((*yaml)[key])
                draft.warnings << QStringLiteral("%1: '%2' is not used").arg(testdata, QLatin1String(key));
    }
    const QStringList names = files.filesBelow(folder, false, draft.warnings);
    for (const QString &name : names) {
        const QString base = name.chopped(QFileInfo(name).suffix().size() + 1);
        if (name.endsWith(QLatin1String(".interaction")))
            draft.warnings << QStringLiteral("%1: interactive problems are not supported").arg(name);
        if (!name.endsWith(QLatin1String(".in")))
            continue;
        const auto input = files.read(name);
        const auto answer = files.read(base + QStringLiteral(".ans"));
        if (!input || !answer) {
            draft.warnings << (input ? answer.error() : input.error()) + QStringLiteral(", test skipped");
            continue;
        }
        DraftTest test{
            base.mid(QStringLiteral("data/").size()), *input, *answer, {}, {}, visibility, 1, groupChecker, {}};
        readTestYaml(files, base, test, draft);
        draft.tests << test;
    }
    return {};
}

std::expected<void, QString> readTree(const ImportFiles &files, const QString &folder, const QString &checker,
                                      const QString &visibility, PackDraft &draft)
{
    if (auto read = readGroup(files, folder, checker, visibility, draft); !read)
        return read;
    QStringList subfolders;
    for (const QString &name : files.filesBelow(folder, true, draft.warnings)) {
        const QString parent = QFileInfo(name).path();
        if (parent != folder && QFileInfo(parent).path() == folder && !subfolders.contains(parent))
            subfolders << parent;
    }
    subfolders.sort();
    for (const QString &subfolder : subfolders)
        if (auto read = readTree(files, subfolder, checker, visibility, draft); !read)
            return read;
    return {};
}

} // namespace

std::expected<void, QString> readKattisTests(const ImportFiles &files, PackDraft &draft)
{
    if (auto read = readTree(files, QStringLiteral("data/sample"), {}, QStringLiteral("example"), draft); !read)
        return read;
    // Kattis's secret data is what grading checks: secret tests, which a learner build leaves
    // out and a learner's Check never runs (sandpit grade --include-secret grades them).
    if (auto read = readTree(files, QStringLiteral("data/secret"), {}, QStringLiteral("secret"), draft); !read)
        return read;
    return {};
}

} // namespace Sandpit::Core
