#include "checkcommand.h"

#include "checkprinter.h"
#include "checktarget.h"
#include "commandline.h"
#include "engine/backendfactory.h"
#include "engine/runrequestbuilder.h"
#include "exercises/checkcontroller.h"
#include "exercises/exercisesettings.h"
#include "exercises/learnerfiles.h"
#include "model/resultjson.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>

#include <cstdio>

namespace Sandpit::App {

namespace {
std::optional<int> parse(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.setApplicationDescription(
        QStringLiteral("Checks a file against an exercise's tests, each run in Sandpit's sandbox, and prints a\n"
                       "table of the tests: verdict, time, memory and points, and for a failed test what went\n"
                       "wrong, the difference from the expected output and its hint.\n\n"
                       "EXERCISE is an exercise's folder (its parent holds course.toml), an exercise id with\n"
                       "--pack, or COURSE/EXERCISE of a course that comes with Sandpit. FILE defaults to your\n"
                       "file for the exercise in Sandpit's exercises folder.\n\n"
                       "Exit status: 0 when every test passed, 1 when one did not, 2 when the command line or\n"
                       "the settings are wrong, 3 when nothing could be checked (no such exercise, a broken pack,\n"
                       "a missing file, no sandbox). The same with --json."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("check"), QStringLiteral("The command."), QStringLiteral("check"));
    parser.addPositionalArgument(QStringLiteral("EXERCISE"), QStringLiteral("The exercise to check."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Your program (default: your file for it)."),
                                 QStringLiteral("[FILE]"));
    parser.addOptions({
        {option("pack"), QStringLiteral("The pack (a folder or .zip) that holds EXERCISE."), QStringLiteral("PACK")},
        {option("lang"),
         QStringLiteral("The language (default: FILE's extension; without FILE, the first you have a file for)."),
         QStringLiteral("L")},
        {option("backend"), QStringLiteral("local or docker (default: the setting)."), QStringLiteral("B")},
        {option("image"), QStringLiteral("With --backend docker: the image to run in (default: the language's)."),
         QStringLiteral("IMAGE")},
        {option("json"), QStringLiteral("Print one JSON object per test, then one for the whole check.")},
        {option("include-secret"),
         QStringLiteral("Run the exercise's secret tests too (an author's check; a learner's never does).")},
    });
    // FILE is optional: a count of two or three is right, any other is checked against two.
    const qsizetype given = parser.parse(arguments) ? parser.positionalArguments().size() : 2;
    return parseCommandLine(parser, arguments, given == 3 ? 3 : 2,
                            QStringLiteral("usage: sandpit check EXERCISE [FILE] [options]; see sandpit check --help"));
}

/// --json's one line when nothing could be checked: `sandpit run --json`'s {"error": …}.
void printJsonError(const Core::RunError &error)
{
    std::fputs(QJsonDocument(Core::errorToJson(error)).toJson(QJsonDocument::Compact).constData(), stdout);
    std::fputc('\n', stdout);
}

int couldNotCheck(bool json, const Core::RunError &error)
{
    if (json)
        printJsonError(error);
    printErr(error.message);
    return CheckExitStatus::kCouldNotCheck;
}

/// The learner's file for the exercise as the window keeps it, in `languageId` or (empty) the
/// first of the exercise's languages the learner has a file for; it must be there.
std::expected<std::pair<QString, QString>, Core::RunError> learnersFile(const CheckTarget &target,
                                                                        const QString &languageId)
{
    const Core::LearnerFiles files(Core::ExerciseSettings::load().learnerFolder);
    QStringList looked;
    for (const Core::ExerciseLanguage &language : target.exercise.languages) {
        if (!languageId.isEmpty() && language.languageId != languageId)
            continue;
        const QString path = files.pathFor(target.course, target.exercise, language);
        if (QFileInfo::exists(path))
            return std::pair{language.languageId, path};
        looked << path;
    }
    return std::unexpected(Core::RunError{Core::RunError::Code::MissingInputFile,
                                          QStringLiteral("you have no file for this exercise yet (%1): open it in "
                                                         "Sandpit, or give FILE")
                                              .arg(looked.join(QStringLiteral(", ")))});
}

/// The Check's request: the engine settings' limits, backend and isolation, through the one
/// request builder (which also reads and checks the learner's file as `sandpit run` would).
std::expected<Core::CheckRequest, Core::RequestError>
checkRequest(const QCommandLineParser &parser, const CheckTarget &target, const QString &languageId,
             const QString &file, const Core::EngineSettings &engine, const Core::LanguageRegistry &languages)
{
    Core::RunRequestBuilder builder(engine);
    if (parser.isSet(option("backend")))
        builder.backend(parser.value(option("backend")), Core::RunRequestBuilder::Chosen::ByCaller);
    builder.programFile(file, languageId, languages);
    if (parser.isSet(option("image")))
        builder.image(parser.value(option("image")));
    const auto run = builder.build();
    if (!run)
        return std::unexpected(run.error());
    Core::CheckRequest request = Core::checkRequestFor(target.exercise, languageId, file, *run);
    request.includeSecret = parser.isSet(option("include-secret"));
    return request;
}

int check(const Core::CheckRequest &request, const Core::EngineSettings &engine,
          const Core::LanguageRegistry &languages, bool json)
{
    const CheckPrinter printer(json, request.exercise);
    Core::CheckController controller(Core::makeBackends(languages, engine, Core::RunsExpected::Series));
    QObject::connect(&controller, &Core::CheckController::testFinished, &controller,
                     [&printer](int, const Core::TestOutcome &outcome) { printer.printTest(outcome); });
    QObject::connect(
        &controller, &Core::CheckController::checkFinished, &controller, [&printer](const Core::CheckReport &report) {
            printer.printSummary(report);
            QCoreApplication::exit(report.allPassed() ? CheckExitStatus::kAllPassed : CheckExitStatus::kSomeFailed);
        });
    QObject::connect(&controller, &Core::CheckController::checkFailed, &controller,
                     [json](const Core::RunError &error) { QCoreApplication::exit(couldNotCheck(json, error)); });
    printer.printHeader();
    controller.start(request);
    return QCoreApplication::exec();
}

/// The exercise, its language and the learner's file, or the status to exit with.
struct Resolved {
    CheckTarget target;
    QString languageId;
    QString file;
};

std::expected<Resolved, int> resolve(const QCommandLineParser &parser, const Core::LanguageRegistry &languages,
                                     bool json)
{
    const QStringList positionals = parser.positionalArguments();
    const QString file = positionals.value(2);
    auto target = findCheckTarget(positionals.at(1), parser.value(option("pack")),
                                  Core::ExerciseSettings::load().unpackFolder, languages);
    if (!target) {
        const QStringList &lines = target.error().lines;
        if (json)
            printJsonError({Core::RunError::Code::BadRequest, lines.join(QLatin1Char('\n'))});
        for (const QString &line : lines)
            printErr(line);
        return std::unexpected(CheckExitStatus::kCouldNotCheck);
    }
    const auto languageId = checkLanguage(target->exercise, parser.value(option("lang")), file);
    if (!languageId) {
        printErr(languageId.error());
        return std::unexpected(CheckExitStatus::kUsage);
    }
    if (!file.isEmpty())
        return Resolved{*target, *languageId, file};
    const auto learners = learnersFile(*target, parser.value(option("lang")));
    if (!learners)
        return std::unexpected(couldNotCheck(json, learners.error()));
    return Resolved{*target, learners->first, learners->second};
}
} // namespace

int runCheckCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, arguments))
        return *done;
    const bool json = parser.isSet(option("json"));
    const auto engine = loadEngineSettings();
    if (!engine)
        return CheckExitStatus::kUsage;
    const Core::LanguageRegistry languages = loadLanguages();
    const auto resolved = resolve(parser, languages, json);
    if (!resolved)
        return resolved.error();
    const auto request
        = checkRequest(parser, resolved->target, resolved->languageId, resolved->file, *engine, languages);
    if (!request) {
        if (!request.error().wrongChoice)
            return couldNotCheck(json, request.error().error);
        printErr(request.error().error.message);
        return CheckExitStatus::kUsage;
    }
    return check(*request, *engine, languages, json);
}

} // namespace Sandpit::App
