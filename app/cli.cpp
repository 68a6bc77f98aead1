#include "cli.h"

#include "commandline.h"
#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "engine/runrequestbuilder.h"
#include "files/programfile.h"
#include "historycommand.h"
#include "languages/languageregistry.h"
#include "model/killdetail.h"
#include "model/resultjson.h"
#include "model/typeids.h"
#include "model/units.h"
#include "runexitstatus.h"
#include "settings/enginesettings.h"
#include "settings/historysettings.h"
#include "stdinrelay.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>

#include <cstdio>
#include <optional>
#include <unistd.h>

namespace Sandpit::App {

namespace {
// What `sandpit run -` calls the program in its messages.
const char *const kStdinProgram = "standard input";

void writeRaw(FILE *stream, const QByteArray &data)
{
    std::fwrite(data.constData(), 1, size_t(data.size()), stream);
    std::fflush(stream);
}

struct LimitOption {
    const char *option;
    Core::RunRequestBuilder::Limit limit;
};

constexpr LimitOption kLimitOptions[] = {
    {"timeout", Core::RunRequestBuilder::Limit::TimeoutSeconds},
    {"memory", Core::RunRequestBuilder::Limit::MemoryMegabytes},
    {"output-limit", Core::RunRequestBuilder::Limit::OutputKilobytes},
};

QString summaryLine(const Core::RunResult &r)
{
    // The window's headline: what happened, in a learner's words ("The program stopped with an
    // error: IndexError: …, line 4", "Did not compile: …"). The exit status follows only where
    // the headline does not already carry it.
    QString outcome = Core::resultHeadline(r);
    if (r.signal)
        outcome += QStringLiteral(" (%1)").arg(Core::signalName(*r.signal));
    else if (r.exitCode.value_or(0) != 0 && r.stage == Core::RunStage::Run
             && !outcome.contains(QStringLiteral("exit code")))
        outcome += QStringLiteral(" (exit code %1)").arg(*r.exitCode);
    return QStringLiteral("%1 — %2 wall, %3 CPU, %4 peak memory\n%5")
        .arg(outcome, Core::formatDuration(r.wallMs), Core::formatDuration(r.cpuMs),
             Core::formatBytes(r.peakMemoryBytes), r.killDetail);
}

/// The command line, checked: an exit status when there is nothing more to do (--help, a
/// usage error), nothing when the run goes ahead.
std::optional<int> parse(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.setApplicationDescription(
        QStringLiteral("Runs a program in Sandpit's sandbox without opening a window.\n\n"
                       "Exit status: the program's own; 124 when the time limit stopped it; 128+N when signal N\n"
                       "ended it (137: a memory, output or process limit, which kill with SIGKILL); 125 when\n"
                       "Sandpit could not run it or the command line is wrong. A program that does not compile\n"
                       "gives the compiler's status. With --json: 0 when the program ran (the JSON says how),\n"
                       "2 for a wrong command line, 3 when it could not run."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("The command."), QStringLiteral("run"));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("The program to run; - reads it from standard input (with --lang)."));
    parser.addPositionalArgument(
        QStringLiteral("ARGS"), QStringLiteral("After --: the program's arguments (its argv[1…]), passed as they are."),
        QStringLiteral("[-- ARGS…]"));
    parser.addOptions({
        {option("lang"), QStringLiteral("The language (default: from the file's extension)."), QStringLiteral("L")},
        {option("backend"), QStringLiteral("local or docker (default: the setting)."), QStringLiteral("B")},
        {option("image"), QStringLiteral("With --backend docker: the image to run in (default: the language's)."),
         QStringLiteral("IMAGE")},
        {option("timeout"), QStringLiteral("Wall-clock limit in seconds (default 10)."), QStringLiteral("SEC")},
        {option("memory"), QStringLiteral("Memory limit in MB (default 256)."), QStringLiteral("MB")},
        {option("output-limit"), QStringLiteral("Output limit in KB, stdout and stderr together (default 1024)."),
         QStringLiteral("KB")},
        {option("stdin"), QStringLiteral("Feed this file to the program's standard input (- for this terminal's)."),
         QStringLiteral("FILE")},
        {option("file"), QStringLiteral("Copy this file or folder into the program's working folder (repeatable)."),
         QStringLiteral("PATH")},
        {option("workspace"),
         QStringLiteral("Run in this folder's files and keep what the program leaves there (made if missing)."),
         QStringLiteral("DIR")},
        {option("allow-weaker"),
         QStringLiteral("Where this computer cannot give the program full isolation, run it "
                        "anyway with partial isolation (it can then read and write your "
                        "files) or none (it can also see your other programs). Default: "
                        "never, refuse to run (the setting sandbox/allow_weaker)."),
         QStringLiteral("never|partial|none")},
        {option("warn-import"),
         QStringLiteral("A Python module to warn about when the program imports it (repeatable; a teaching aid, "
                        "not a security boundary). With --block-import, replaces the settings' policy."),
         QStringLiteral("MODULE")},
        {option("block-import"),
         QStringLiteral("A Python module the program may not import: the run stops before it starts (repeatable; "
                        "blocking os blocks os.path)."),
         QStringLiteral("MODULE")},
        {option("allow-net"),
         QStringLiteral("Let the program reach this host and port through Sandpit's proxy, and nothing "
                        "else (repeatable; *.example.org:443 matches the names below example.org). "
                        "Default: the setting network/allow (Settings › Network); none unless set."),
         QStringLiteral("HOST:PORT")},
        {option("json"), QStringLiteral("Print one JSON object describing the run instead of the output.")},
    });
    return parseCommandLine(parser, arguments, 2,
                            QStringLiteral("usage: sandpit run FILE [options] [-- ARGS…]; see sandpit run --help"));
}

/// The request the options ask for, the settings filling in the rest. The order of the steps
/// is the order of the errors: a wrong option is named before any file is read.
std::expected<Core::RunRequest, Core::RequestError> build(const QCommandLineParser &parser,
                                                          const QStringList &programArguments,
                                                          const Core::EngineSettings &engine,
                                                          const Core::LanguageRegistry &languages)
{
    const bool programOnStdin = parser.positionalArguments().at(1) == QLatin1String("-");
    if (programOnStdin && parser.value(option("stdin")) == QLatin1String("-")) {
        return std::unexpected(Core::RequestError{
            true,
            {Core::RunError::Code::BadRequest,
             QStringLiteral("the program is read from standard input, so --stdin - cannot be its input too; "
                            "give --stdin a file")}});
    }
    Core::RunRequestBuilder builder(engine);
    for (const LimitOption &limit : kLimitOptions) {
        if (parser.isSet(option(limit.option)))
            builder.limit(limit.limit, option(limit.option), parser.value(option(limit.option)));
    }
    if (parser.isSet(option("backend")))
        builder.backend(parser.value(option("backend")), Core::RunRequestBuilder::Chosen::ByCaller);
    if (parser.isSet(option("allow-weaker")))
        builder.allowWeaker(parser.value(option("allow-weaker")));
    if (parser.isSet(option("warn-import")) || parser.isSet(option("block-import")))
        builder.importPolicy(parser.values(option("warn-import")), parser.values(option("block-import")));
    builder.allowNetwork(parser.values(option("allow-net")), QStringLiteral("--allow-net"));
    // The program is what arrives on stdin until its end, as with `python3 -`.
    if (programOnStdin)
        builder.programStream(STDIN_FILENO, QString::fromLatin1(kStdinProgram), parser.value(option("lang")),
                              languages);
    else
        builder.programFile(parser.positionalArguments().at(1), parser.value(option("lang")), languages);
    builder.arguments(programArguments);
    if (parser.isSet(option("image")))
        builder.image(parser.value(option("image")));
    builder.attach(parser.values(option("file")));
    if (parser.isSet(option("workspace")))
        builder.workspace(parser.value(option("workspace")));
    // "-": this process's stdin, passed on as it arrives (StdinRelay), so that the program's
    // wait for it counts as a wait for input, as in the window. A file is fed whole, up front.
    if (parser.value(option("stdin")) == QLatin1String("-"))
        builder.stdinOpen();
    else if (parser.isSet(option("stdin")))
        builder.stdinFile(parser.value(option("stdin")));
    return builder.build();
}

/// Says why the program could not run: on stderr, and with --json as the JSON object too.
int couldNotRun(const RunExitStatus &status, bool json, const Core::RunError &error)
{
    if (json)
        writeRaw(stdout, QJsonDocument(Core::errorToJson(error)).toJson(QJsonDocument::Compact) + '\n');
    printErr(error.message);
    return status.couldNotRun();
}

void printResult(bool json, const Core::RunRequest &request, const Core::RunResult &result)
{
    if (json) {
        QJsonObject object = Core::resultToJson(result);
        object.insert(QStringLiteral("args"), QJsonArray::fromStringList(request.arguments));
        writeRaw(stdout, QJsonDocument(object).toJson(QJsonDocument::Indented));
        return;
    }
    std::fprintf(stderr, "\n[sandpit] %s\n", qPrintable(summaryLine(result)));
    if (!result.notice.isEmpty())
        std::fprintf(stderr, "[sandpit] %s\n", qPrintable(result.notice));
}

/// Runs `request`, passing its output on as it comes (without --json), and prints and records
/// the result.
int run(const Core::RunRequest &request, const Core::EngineSettings &engine, const Core::LanguageRegistry &languages,
        const Core::HistorySettings &history, bool json)
{
    const RunExitStatus status(json);
    Core::RunController controller(Core::makeBackends(languages, engine, Core::RunsExpected::One));
    QObject::connect(&controller, &Core::RunController::outputReceived, &controller,
                     [json](Core::RunId, Core::OutputStream stream, const QByteArray &data) {
                         if (!json)
                             writeRaw(stream == Core::OutputStream::Stdout ? stdout : stderr, data);
                     });
    QObject::connect(&controller, &Core::RunController::runFinished, &controller,
                     [json, status, &history, &request](Core::RunId, const Core::RunResult &result) {
                         printResult(json, request, result);
                         recordRun(history, request, result);
                         QCoreApplication::exit(status.ran(result));
                     });
    QObject::connect(&controller, &Core::RunController::runFailed, &controller,
                     [json, status](Core::RunId, const Core::RunError &error) {
                         QCoreApplication::exit(couldNotRun(status, json, error));
                     });
    const Core::RunId id = controller.start(request);
    std::optional<StdinRelay> relay;
    if (request.keepStdinOpen)
        relay.emplace(controller, id);
    return QCoreApplication::exec();
}

/// The command line split where the program's own arguments begin: Sandpit's options before
/// the first "--", the program's argv[1…] after it, whatever they look like.
std::pair<QStringList, QStringList> splitAtDoubleDash(const QStringList &arguments)
{
    const qsizetype dashes = arguments.indexOf(QStringLiteral("--"));
    if (dashes < 0)
        return {arguments, {}};
    return {arguments.first(dashes), arguments.sliced(dashes + 1)};
}
} // namespace

int runCli(const QStringList &arguments)
{
    const auto [own, programArguments] = splitAtDoubleDash(arguments);
    // --json decides the exit status even of a command line that does not parse.
    const bool json = own.contains(QStringLiteral("--json"));
    const RunExitStatus status(json);
    QCommandLineParser parser;
    if (const auto done = parse(parser, own))
        return *done == kExitUsage ? status.usage() : *done;

    const auto engine = loadEngineSettings();
    if (!engine)
        return status.usage();
    const auto history = Core::HistorySettings::load(QSettings(), QProcessEnvironment::systemEnvironment());
    if (!history) {
        printErr(history.error());
        return status.usage();
    }
    const Core::LanguageRegistry languages = loadLanguages();

    const auto request = build(parser, programArguments, *engine, languages);
    if (!request) {
        if (!request.error().wrongChoice)
            return couldNotRun(status, json, request.error().error);
        printErr(request.error().error.message);
        return status.usage();
    }
    return run(*request, *engine, languages, *history, json);
}

} // namespace Sandpit::App
