#include "exercises/courseload.h"

#include "exercises/packloader.h"
#include "languages/language.h"
#include "languages/languageregistry.h"

namespace Sandpit::Ui {

namespace {
/// `text` as a fenced block that no line of it can close.
QString fenced(const QByteArray &text)
{
    QString body = QString::fromUtf8(text);
    if (body.endsWith(QLatin1Char('\n')))
        body.chop(1);
    QString fence = QStringLiteral("```");
    while (body.contains(fence))
        fence += QLatin1Char('`');
    return fence + QLatin1Char('\n') + body + QLatin1Char('\n') + fence + QLatin1Char('\n');
}
} // namespace

CourseSources courseSources(const Core::LanguageRegistry &languages, const QString &unpackFolder,
                            const QString &progressFolder)
{
    CourseSources sources{unpackFolder, progressFolder, {}, {}};
    for (const Core::Language &language : languages.languages()) {
        sources.languageIds.append(language.id);
        sources.languageNames.insert(language.id, language.name);
    }
    return sources;
}

LoadedCourse loadCourse(const QString &path, const CourseSources &sources)
{
    Core::PackLoader loader(sources.unpackFolder);
    if (!sources.languageIds.isEmpty())
        loader.setLanguageIds(sources.languageIds);
    LoadedCourse loaded{path, loader.load(path), {}};
    if (loaded.course)
        loaded.progress = Core::ProgressStore(sources.progressFolder).load(loaded.course->id);
    return loaded;
}

QString statementMarkdown(const Core::Exercise &exercise)
{
    QString markdown = exercise.statementMarkdown.trimmed();
    if (!markdown.startsWith(QLatin1Char('#')))
        markdown.prepend(QStringLiteral("# %1\n\n").arg(exercise.title));
    int number = 0;
    for (const Core::ExerciseTest &test : exercise.tests) {
        if (test.visibility != Core::Visibility::Example)
            continue;
        markdown += QStringLiteral("\n\n## Example %1: %2\n\n").arg(++number).arg(test.name);
        if (!test.arguments.isEmpty())
            markdown += QStringLiteral("Run with the arguments `%1`.\n\n").arg(test.arguments.join(QLatin1Char(' ')));
        markdown += test.stdinData.isEmpty()
            ? QStringLiteral("No input.\n\n")
            : QStringLiteral("Input:\n\n") + fenced(test.stdinData) + QLatin1Char('\n');
        if (test.expectedStdout)
            markdown += QStringLiteral("Expected output:\n\n") + fenced(*test.expectedStdout);
    }
    return markdown;
}

} // namespace Sandpit::Ui
