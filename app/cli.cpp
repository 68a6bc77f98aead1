#include "cli.h"

#include "engine/backendid.h"
#include "engine/backendfactory.h"
#include "settings/enginesettings.h"
#include "historycommand.h"
#include "settings/historysettings.h"
#include "model/killdetail.h"
#include "model/units.h"
#include "languages/languageregistry.h"
#include "model/resultjson.h"
#include "model/typeids.h"
#include "engine/runcontroller.h"
#include "stdinrelay.h"
#include "files/workspace.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSettings>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

namespace Sandpit::App {

namespace {
constexpr int kExitRan = 0;
constexpr int kExitUsage = 2;
constexpr int kExitCouldNotRun = 3;

void printErr(const QString &text)
{
    std::fprintf(stderr, "sandpit: %s\n", qPrintable(text));
}

void writeRaw(FILE *stream, const QByteArray &data)
{
    std::fwrite(data.constData(), 1, size_t(data.size()), stream);
    std::fflush(stream);
}

struct Number {
    const char *option;
    double min;
    double max;
    double scale;
    qint64 Core::Limits::*field;
};

constexpr Number kNumbers[] = {
    {"timeout", 0.1, 86400, 1000, &Core::Limits::wallTimeMs},
    {"memory", 8, 1024 * 1024, 1024.0 * 1024, &Core::Limits::memoryBytes},
    {"output-limit", 1, 1024 * 1024, 1024, &Core::Limits::outputBytes},
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
} // namespace

bool isCliCommand(const char *word)
{
    return std::strcmp(word, "run") == 0;
}

int runCli(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Runs a program in Sandpit's sandbox without opening a window."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("The command."), QStringLiteral("run"));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The program to run."));
    parser.addOptions({
        {QStringLiteral("lang"), QStringLiteral("The language (default: from the file's extension)."), QStringLiteral("L")},
        {QStringLiteral("backend"), QStringLiteral("local or docker (default: the setting)."), QStringLiteral("B")},
        {QStringLiteral("image"), QStringLiteral("With --backend docker: the image to run in (default: the language's)."), QStringLiteral("IMAGE")},
        {QStringLiteral("timeout"), QStringLiteral("Wall-clock limit in seconds (default 10)."), QStringLiteral("SEC")},
        {QStringLiteral("memory"), QStringLiteral("Memory limit in MB (default 256)."), QStringLiteral("MB")},
        {QStringLiteral("output-limit"), QStringLiteral("Output limit in KB, stdout and stderr together (default 1024)."), QStringLiteral("KB")},
        {QStringLiteral("stdin"), QStringLiteral("Feed this file to the program's standard input (- for this terminal's)."), QStringLiteral("FILE")},
        {QStringLiteral("file"), QStringLiteral("Copy this file or folder into the program's working folder (repeatable)."), QStringLiteral("PATH")},
        {QStringLiteral("workspace"), QStringLiteral("Run in this folder's files and keep what the program leaves there (made if missing)."), QStringLiteral("DIR")},
        {QStringLiteral("allow-weaker"), QStringLiteral("Where this computer cannot give the program full isolation, run it "
                                                        "anyway with partial isolation (it can then read and write your "
                                                        "files) or none (it can also see your other programs). Default: "
                                                        "never, refuse to run (the setting sandbox/allow_weaker)."),
         QStringLiteral("never|partial|none")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object describing the run instead of the output.")},
    });
    if (!parser.parse(arguments)) {
        printErr(parser.errorText());
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return kExitRan;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2) {
        printErr(QStringLiteral("usage: sandpit run FILE [options]; see sandpit run --help"));
        return kExitUsage;
    }

    QSettings settings;
    auto engine = Core::EngineSettings::load(settings, QProcessEnvironment::systemEnvironment());
    if (!engine) {
        printErr(engine.error());
        return kExitUsage;
    }
    const auto history = Core::HistorySettings::load(settings, QProcessEnvironment::systemEnvironment());
    if (!history) {
        printErr(history.error());
        return kExitUsage;
    }
    Core::Limits limits = engine->limits;
    for (const Number &n : kNumbers) {
        const QString option = QLatin1String(n.option);
        if (!parser.isSet(option))
            continue;
        bool ok = false;
        const double value = parser.value(option).toDouble(&ok);
        if (!ok || !std::isfinite(value) || value < n.min || value > n.max) {
            printErr(QStringLiteral("--%1 must be a number between %2 and %3, not \"%4\".")
                         .arg(option).arg(n.min).arg(n.max).arg(parser.value(option)));
            return kExitUsage;
        }
        limits.*n.field = std::llround(value * n.scale);
    }

    const QString backend = parser.isSet(QStringLiteral("backend")) ? parser.value(QStringLiteral("backend")).trimmed().toLower()
                                                                     : engine->backend;
    if (!Core::knownBackends().contains(backend)) {
        printErr(QStringLiteral("--backend must be one of %1, not \"%2\".")
                     .arg(Core::knownBackends().join(QStringLiteral(", ")), parser.value(QStringLiteral("backend"))));
        return kExitUsage;
    }

    auto weakest = engine->allowWeaker;
    if (parser.isSet(QStringLiteral("allow-weaker"))) {
        const auto chosen = Core::allowWeakerFromId(parser.value(QStringLiteral("allow-weaker")).trimmed().toLower());
        if (!chosen) {
            printErr(QStringLiteral("--allow-weaker must be never, partial or none, not \"%1\".")
                         .arg(parser.value(QStringLiteral("allow-weaker"))));
            return kExitUsage;
        }
        weakest = *chosen;
    }

    const QString path = positional.at(1);
    const auto loaded = Core::LanguageRegistry::withUserFile(Core::LanguageRegistry::userFilePath());
    if (!loaded.problem.isEmpty())
        printErr(loaded.problem);
    const Core::LanguageRegistry &languages = loaded.registry;
    const Core::Language *language = parser.isSet(QStringLiteral("lang"))
        ? languages.find(parser.value(QStringLiteral("lang")).toLower())
        : languages.forFileName(path);
    if (!language) {
        QStringList ids;
        for (const Core::Language &l : languages.languages())
            ids << l.id;
        printErr(parser.isSet(QStringLiteral("lang"))
                     ? QStringLiteral("unknown language \"%1\"; known: %2").arg(parser.value(QStringLiteral("lang")), ids.join(QStringLiteral(", ")))
                     : QStringLiteral("cannot tell the language of %1 from its name; use --lang (one of %2)").arg(path, ids.join(QStringLiteral(", "))));
        return kExitUsage;
    }

    const bool json = parser.isSet(QStringLiteral("json"));
    const auto couldNotRun = [json](const Core::RunError &error) {
        if (json)
            writeRaw(stdout, QJsonDocument(Core::errorToJson(error)).toJson(QJsonDocument::Compact) + '\n');
        printErr(error.message);
        return kExitCouldNotRun;
    };

    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly)) {
        return couldNotRun({Core::RunError::Code::BadRequest,
                            QFileInfo::exists(path) ? QStringLiteral("cannot read %1: %2").arg(path, file.errorString())
                                                    : QStringLiteral("%1 does not exist").arg(path)});
    }

    Core::RunRequest request;
    request.language = language->id;
    request.entryFile = QFileInfo(path).fileName();
    request.sources = {{request.entryFile, file.readAll()}};
    request.limits = limits;
    request.backend = backend;
    request.image = parser.value(QStringLiteral("image"));
    request.weakestIsolation = weakest;
    // Asked for on this command line, Docker is not replaced behind the caller's back; chosen
    // by a setting, it may be, and the result says so.
    const bool dockerChosenHere = parser.isSet(QStringLiteral("backend")) || parser.isSet(QStringLiteral("image"));
    if (backend == Core::kDockerBackendId && engine->dockerFallback && !dockerChosenHere)
        request.fallbackBackend = Core::kLocalBackendId;
    for (const QString &input : parser.values(QStringLiteral("file"))) {
        if (!QFileInfo::exists(input))
            return couldNotRun(Core::missingInputError({input, {}}));
        request.inputFiles << Core::InputFile{QFileInfo(input).absoluteFilePath(), {}};
    }
    if (parser.isSet(QStringLiteral("workspace")))
        request.keptWorkspace = QFileInfo(parser.value(QStringLiteral("workspace"))).absoluteFilePath();
    // "-": this process's stdin, passed on as it arrives (StdinRelay), so that the program's
    // wait for it counts as a wait for input, as in the window. A file is fed whole, up front.
    const bool stdinRelayed = parser.value(QStringLiteral("stdin")) == QLatin1String("-");
    request.keepStdinOpen = stdinRelayed;
    if (parser.isSet(QStringLiteral("stdin")) && !stdinRelayed) {
        const QString stdinPath = parser.value(QStringLiteral("stdin"));
        QFile input(stdinPath);
        if (!input.open(QIODevice::ReadOnly))
            return couldNotRun({Core::RunError::Code::BadRequest, QStringLiteral("cannot read the stdin file %1: %2").arg(stdinPath, input.errorString())});
        request.stdinData = input.readAll();
    }

    Core::RunController controller(Core::makeBackends(languages, *engine, Core::RunsExpected::One));
    int exitCode = kExitRan;
    QObject::connect(&controller, &Core::RunController::outputReceived, &controller,
                     [json](Core::RunId, Core::OutputStream stream, const QByteArray &data) {
                         if (!json)
                             writeRaw(stream == Core::OutputStream::Stdout ? stdout : stderr, data);
                     });
    QObject::connect(&controller, &Core::RunController::runFinished, &controller,
                     [json, &history, &request](Core::RunId, const Core::RunResult &result) {
                         if (json)
                             writeRaw(stdout, QJsonDocument(Core::resultToJson(result)).toJson(QJsonDocument::Indented));
                         else
                             std::fprintf(stderr, "\n[sandpit] %s\n", qPrintable(summaryLine(result)));
                         if (!json && !result.notice.isEmpty())
                             std::fprintf(stderr, "[sandpit] %s\n", qPrintable(result.notice));
                         recordRun(*history, request, result);
                         QCoreApplication::exit(kExitRan);
                     });
    QObject::connect(&controller, &Core::RunController::runFailed, &controller,
                     [&](Core::RunId, const Core::RunError &error) { QCoreApplication::exit(couldNotRun(error)); });
    const Core::RunId run = controller.start(request);
    std::optional<StdinRelay> relay;
    if (stdinRelayed)
        relay.emplace(controller, run);
    exitCode = QCoreApplication::exec();
    return exitCode;
}

} // namespace Sandpit::App
