#include "exercises/import/classroomimporter.h"

#include "exercises/import/importfiles.h"
#include "exercises/import/jsonimport.h"
#include "exercises/tomltext.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace Sandpit::Core {

namespace {

const QString kJson = QStringLiteral(".github/classroom/autograding.json");

/// The entry file a `run` command runs, and its language: `python3 x.py`, `node x.js`, or a
/// `gcc`/`g++` compile followed by `./a.out`. Anything else is a shell script Sandpit cannot
/// turn into a learner's program.
std::pair<QString, QString> programOf(const QString &run)
{
    static const QRegularExpression kInterpreted(QStringLiteral(R"(^\s*(python3?|node)\s+([\w./-]+\.(py|js))\s*$)"));
    static const QRegularExpression kCompiled(QStringLiteral(
        R"(^\s*(gcc|g\+\+|clang|clang\+\+)\s+(?:[^&]*\s)?([\w./-]+\.(c|cpp|cc))(?:\s[^&]*)?&&\s*\./[\w.-]+\s*$)"));
    if (const auto match = kInterpreted.match(run); match.hasMatch())
        return {languageForFile(match.captured(2)), match.captured(2)};
    if (const auto match = kCompiled.match(run); match.hasMatch())
        return {languageForFile(match.captured(2)), match.captured(2)};
    return {};
}

QString checkerOf(const QString &comparison, const QString &output, const QString &where, QStringList &warnings)
{
    if (comparison == QLatin1String("exact"))
        return QStringLiteral("\"exact\"");
    if (comparison == QLatin1String("included"))
        return QStringLiteral("{ kind = \"contains\", pattern = %1 }").arg(QString::fromUtf8(tomlString(output)));
    // Classroom searches for its regex anywhere in the output, line anchors included; Sandpit's
    // regex checker matches the whole output, so the pattern is widened to say the same.
    if (comparison == QLatin1String("regex"))
        return QStringLiteral("{ kind = \"regex\", pattern = %1 }")
            .arg(QString::fromUtf8(tomlString(QStringLiteral("(?ms).*?(?:%1).*").arg(output))));
    warnings << QStringLiteral("%1: 'comparison' \"%2\" is unknown, compared by lines").arg(where, comparison);
    return {};
}

bool addTest(const QJsonObject &test, const QString &where, PackDraft &draft)
{
    const QString run = test.value(QStringLiteral("run")).toString();
    const auto [language, entry] = programOf(run);
    if (language.isEmpty()) {
        draft.warnings
            << QStringLiteral("%1: 'run' \"%2\" is not one program Sandpit can run, test skipped").arg(where, run);
        return false;
    }
    if (draft.entryFile.isEmpty()) {
        draft.languageId = language;
        draft.entryFile = entry;
    } else if (entry != draft.entryFile) {
        draft.warnings << QStringLiteral("%1: 'run' runs %2, not %3, test skipped").arg(where, entry, draft.entryFile);
        return false;
    }
    if (!test.value(QStringLiteral("setup")).toString().trimmed().isEmpty())
        draft.warnings << QStringLiteral("%1: 'setup' is not run by Sandpit").arg(where);
    DraftTest result;
    result.name = test.value(QStringLiteral("name")).toString(where);
    result.stdinData = test.value(QStringLiteral("input")).toString().toUtf8();
    const QString output = test.value(QStringLiteral("output")).toString();
    result.checkerToml = checkerOf(test.value(QStringLiteral("comparison")).toString(QStringLiteral("included")),
                                   output, where, draft.warnings);
    if (!result.checkerToml.startsWith(QLatin1Char('{')))
        result.expectedStdout = output.toUtf8();
    if (test.contains(QStringLiteral("timeout")))
        result.timeSeconds = test.value(QStringLiteral("timeout")).toDouble() * 60.0; // minutes
    result.points = test.value(QStringLiteral("points")).toInt(1);
    draft.tests << result;
    return true;
}

} // namespace

std::expected<PackDraft, QString> ClassroomImporter::read(const QString &path)
{
    const QFileInfo info(path);
    QString root = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    QString json = info.isDir() ? kJson : info.fileName();
    if (!info.isDir() && root.endsWith(QLatin1String("/.github/classroom"))) {
        root.chop(int(QStringLiteral("/.github/classroom").size()));
        json = kJson;
    }
    const ImportFiles files(root);
    const auto object = readJsonObject(files, json);
    if (!object)
        return std::unexpected(object.error());
    PackDraft draft;
    draft.title = QFileInfo(root).fileName();
    draft.id = slugOf(draft.title, QStringLiteral("assignment"));
    const QJsonArray tests = object->value(QStringLiteral("tests")).toArray();
    for (qsizetype i = 0; i < tests.size(); ++i)
        addTest(tests.at(i).toObject(), QStringLiteral("%1: tests[%2]").arg(json).arg(i), draft);
    if (draft.entryFile.isEmpty())
        return draft;
    if (const auto starter = files.read(draft.entryFile))
        draft.starter = *starter;
    else
        draft.warnings << starter.error() + QStringLiteral(", the starter is left empty");
    if (!draft.starter)
        draft.starter = QByteArray();
    draft.entryFile = QFileInfo(draft.entryFile).fileName();
    if (const auto readme = files.readText(QStringLiteral("README.md")))
        draft.statementMarkdown = QString::fromUtf8(*readme);
    else
        draft.statementMarkdown = QStringLiteral("# %1\n").arg(draft.title);
    return draft;
}

} // namespace Sandpit::Core
