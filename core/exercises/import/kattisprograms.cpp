#include "exercises/import/importfiles.h"
#include "exercises/import/kattistests.h"

#include <QFileInfo>

namespace Sandpit::Core {

namespace {

/// The expected verdict a wrong submission's folder means, said in its file name because the
/// pack format has no `expect` for wrong programs: an author sees why it must fail.
QString wrongPrefix(const QString &folder)
{
    if (folder == QLatin1String("time_limit_exceeded"))
        return QStringLiteral("slow_");
    if (folder == QLatin1String("run_time_error"))
        return QStringLiteral("crash_");
    return QStringLiteral("wrong_");
}

void readSubmissions(const ImportFiles &files, PackDraft &draft)
{
    static const QStringList kFolders = {QStringLiteral("accepted"), QStringLiteral("wrong_answer"),
                                         QStringLiteral("time_limit_exceeded"), QStringLiteral("run_time_error")};
    for (const QString &folder : kFolders) {
        const QString where = QStringLiteral("submissions/") + folder;
        const QStringList all = files.filesBelow(where, true, draft.warnings);
        const QStringList top = files.filesBelow(where, false, draft.warnings);
        for (const QString &name : all)
            if (!top.contains(name))
                draft.warnings << QStringLiteral("%1: a submission of several files, not used").arg(name);
        for (const QString &name : top) {
            const QString language = languageForFile(name);
            const auto content = files.read(name);
            if (language.isEmpty() || !content) {
                draft.warnings << QStringLiteral("%1: not in a language Sandpit knows, not used").arg(name);
                continue;
            }
            if (draft.languageId.isEmpty()) {
                draft.languageId = language;
                draft.entryFile = QStringLiteral("solution.") + QFileInfo(name).suffix();
            }
            if (language != draft.languageId) {
                draft.warnings
                    << QStringLiteral("%1: Sandpit takes one language, %2; not used").arg(name, draft.languageId);
            } else if (folder == QLatin1String("accepted")) {
                draft.solutions << DraftProgram{QFileInfo(name).fileName(), *content};
                if (draft.solutions.size() > 1)
                    draft.warnings << QStringLiteral("%1: a second accepted submission, not used").arg(name);
            } else {
                draft.wrongs << DraftProgram{wrongPrefix(folder) + QFileInfo(name).fileName(), *content};
            }
        }
    }
    for (const QString &name : files.filesBelow(QStringLiteral("submissions"), false, draft.warnings))
        draft.warnings << QStringLiteral("%1: not in a verdict folder, not used").arg(name);
}

void readValidator(const ImportFiles &files, PackDraft &draft)
{
    // The legacy form has output_validators/NAME/, the 2023-07 form output_validator/.
    QStringList programs = files.filesBelow(QStringLiteral("output_validators"), true, draft.warnings);
    programs += files.filesBelow(QStringLiteral("output_validator"), true, draft.warnings);
    if (programs.isEmpty())
        return;
    const QString program = programs.first();
    const QString language = languageForFile(program);
    const bool singleFile = programs.size() == 1 && !language.isEmpty();
    const auto content = files.read(program);
    if (!singleFile || !content) {
        draft.warnings << QStringLiteral("output_validators/: only a single-file validator in a known language can be "
                                         "used; this one needs a build, so the default checker is used");
        return;
    }
    draft.checkerToml.clear(); // the program replaces the flags' checker
    draft.checkerProgram = DraftProgram{QFileInfo(program).fileName(), *content};
}

} // namespace

void readKattisPrograms(const ImportFiles &files, PackDraft &draft)
{
    readSubmissions(files, draft);
    readValidator(files, draft);
    if (!files.filesBelow(QStringLiteral("input_validators"), true, draft.warnings).isEmpty())
        draft.warnings << QStringLiteral("input_validators/: not used (Sandpit does not validate test input)");
    if (!draft.solutions.isEmpty())
        draft.entryFile = QStringLiteral("solution.") + QFileInfo(draft.solutions.first().fileName).suffix();
    draft.warnings.removeDuplicates();
}

} // namespace Sandpit::Core
