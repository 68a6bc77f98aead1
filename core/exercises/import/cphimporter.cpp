#include "exercises/import/cphimporter.h"

#include "exercises/import/importfiles.h"
#include "exercises/import/jsonimport.h"
#include "exercises/tomltext.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace Sandpit::Core {

namespace {

void addPairs(const ImportFiles &files, const QStringList &names, PackDraft &draft)
{
    for (const QString &name : names) {
        const QFileInfo info(name);
        const QString suffix = info.suffix();
        const QString base = info.completeBaseName();
        if (suffix == QLatin1String("in")) {
            QString answer = base + QStringLiteral(".ans");
            if (!names.contains(answer))
                answer = base + QStringLiteral(".out");
            if (!names.contains(answer)) {
                draft.warnings << QStringLiteral("%1: no %2.ans or %2.out beside it, skipped").arg(name, base);
                continue;
            }
            const auto input = files.read(name);
            const auto output = files.read(answer);
            if (!input || !output) {
                draft.warnings << (input ? output.error() : input.error());
                continue;
            }
            draft.tests << DraftTest{base, *input, *output, {}, {}, QStringLiteral("visible"), 1, {}, {}};
        } else if ((suffix == QLatin1String("ans") || suffix == QLatin1String("out"))
                   && !names.contains(base + QStringLiteral(".in"))) {
            draft.warnings << QStringLiteral("%1: no %2.in beside it, skipped").arg(name, base);
        }
    }
}

void addProb(const ImportFiles &files, const QString &name, PackDraft &draft, QString &error)
{
    const auto object = readJsonObject(files, name);
    if (!object) {
        error = object.error();
        return;
    }
    if (object->contains(QStringLiteral("name")))
        draft.title = object->value(QStringLiteral("name")).toString();
    if (object->contains(QStringLiteral("url")))
        draft.statementMarkdown
            += QStringLiteral("\nFrom <%1>.\n").arg(object->value(QStringLiteral("url")).toString());
    if (object->contains(QStringLiteral("timeLimit")))
        draft.timeSeconds = object->value(QStringLiteral("timeLimit")).toDouble() / 1000.0;
    if (object->contains(QStringLiteral("memoryLimit")))
        draft.memoryMegabytes = object->value(QStringLiteral("memoryLimit")).toInt();
    const QJsonArray tests = object->value(QStringLiteral("tests")).toArray();
    for (qsizetype i = 0; i < tests.size(); ++i) {
        const QJsonObject test = tests.at(i).toObject();
        draft.tests << DraftTest{QStringLiteral("test %1").arg(i + 1),
                                 test.value(QStringLiteral("input")).toString().toUtf8(),
                                 test.value(QStringLiteral("output")).toString().toUtf8(),
                                 {},
                                 {},
                                 QStringLiteral("visible"),
                                 1,
                                 {},
                                 {}};
    }
    static const QStringList kIgnored
        = {QStringLiteral("interactive"), QStringLiteral("group"), QStringLiteral("srcPath"), QStringLiteral("local")};
    for (const QString &key : kIgnored)
        if (object->contains(key))
            draft.warnings << QStringLiteral("%1: '%2' is not used").arg(name, key);
}

void addSolution(const ImportFiles &files, const QStringList &names, PackDraft &draft)
{
    for (const QString &name : names) {
        const QString language = languageForFile(name);
        if (language.isEmpty())
            continue;
        if (!draft.languageId.isEmpty()) {
            draft.warnings << QStringLiteral("%1: a second source file, not used").arg(name);
            continue;
        }
        if (const auto content = files.read(name)) {
            draft.languageId = language;
            draft.entryFile = QFileInfo(name).fileName();
            draft.solutions << DraftProgram{draft.entryFile, *content};
        }
    }
}

} // namespace

std::expected<PackDraft, QString> CphImporter::read(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isDir())
        return std::unexpected(QStringLiteral("%1: not a folder").arg(path));
    const ImportFiles files(path);
    PackDraft draft;
    draft.title = info.fileName();
    const QStringList names = files.filesBelow({}, false, draft.warnings);
    QString error;
    for (const QString &name : names)
        if (name.endsWith(QLatin1String(".prob")) && error.isEmpty())
            addProb(files, name, draft, error);
    if (!error.isEmpty())
        return std::unexpected(error);
    addPairs(files, names, draft);
    addSolution(files, names, draft);
    draft.id = slugOf(draft.title, QStringLiteral("problem"));
    draft.statementMarkdown.prepend(QStringLiteral("# %1\n").arg(draft.title));
    return draft;
}

} // namespace Sandpit::Core
