#include "terminal/replrequest.h"

#include "languages/language.h"

namespace Sandpit::Ui {

namespace {
/// The REPL's argv, with `file` run first when it is not empty.
QStringList replCommand(const QString &languageId, const QString &file)
{
    if (languageId == QLatin1String("python")) // -i: the prompt after the file, with its variables
        return file.isEmpty() ? QStringList{QStringLiteral("python3"), QStringLiteral("-i")}
                              : QStringList{QStringLiteral("python3"), QStringLiteral("-i"), file};
    if (languageId == QLatin1String("bash"))
        return file.isEmpty()
            ? QStringList{QStringLiteral("bash"), QStringLiteral("--norc"), QStringLiteral("-i")}
            : QStringList{QStringLiteral("bash"), QStringLiteral("--rcfile"), file, QStringLiteral("-i")};
    if (languageId == QLatin1String("javascript")) {
        if (file.isEmpty())
            return {QStringLiteral("node"), QStringLiteral("-i")};
        // In the REPL's own context, so the file's top-level names are the prompt's.
        const QString load = QStringLiteral("require('vm').runInThisContext(require('fs').readFileSync(%1, 'utf8'))")
                                 .arg(QLatin1Char('\'') + file + QLatin1Char('\''));
        return {QStringLiteral("node"), QStringLiteral("-i"), QStringLiteral("-e"), load};
    }
    return {};
}
} // namespace

bool hasRepl(const Core::Language *language)
{
    return language && !replCommand(language->id, {}).isEmpty();
}

std::expected<Core::RunRequest, Core::RunError> replRequest(const ReplChoice &choice, Core::RunRequestBuilder builder,
                                                            Core::TerminalSize size)
{
    if (!choice.language)
        return std::unexpected(Core::RunError{Core::RunError::Code::BadRequest,
                                              QStringLiteral("Sandpit does not know this file's language.")});
    if (!hasRepl(choice.language))
        return std::unexpected(Core::RunError{
            Core::RunError::Code::BadRequest,
            QStringLiteral("%1 has no REPL in Sandpit: run the program instead.").arg(choice.language->name)});
    // The program is copied in either way (the learner may import it); an empty editor still
    // gets its prompt.
    QString code = choice.code;
    if (code.trimmed().isEmpty() && !choice.runFileFirst)
        code = choice.language->lineComment + QStringLiteral(" empty\n");
    builder.editorProgram(choice.language, choice.fileName, code);
    auto built = builder.build();
    if (!built)
        return std::unexpected(built.error().error);
    Core::RunRequest request = *built;
    request.command = replCommand(choice.language->id, choice.runFileFirst ? request.entryFile : QString());
    request.terminal = size;
    request.keepStdinOpen = true;
    return request;
}

} // namespace Sandpit::Ui
