#include "sandboxcommand.h"

#include "commandgroup.h"
#include "commandline.h"
#include "engine/backendfactory.h"
#include "engine/backendid.h"
#include "rawterminal.h"
#include "runexitstatus.h"
#include "sandboxes/sandboxrequest.h"
#include "sandboxlist.h"
#include "sandboxrun.h"
#include "signalrelay.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <unistd.h>

namespace Sandpit::App {

namespace {
constexpr int kExitDone = 0;
constexpr int kExitFailed = RunExitStatus::kSandpitFailed;
// How often `logs --follow` looks for more: a person reads it, and a look is one small read.
constexpr int kFollowEveryMs = 250;

struct Context {
    Core::EngineSettings engine;
    Core::LanguageRegistry languages;
};

struct SandboxCommand {
    const char *name;
    const char *synopsis;
    const char *summary;
    int (*run)(const QStringList &arguments, const Context &context);
};

int failed(const QString &message)
{
    printErr(message);
    return kExitFailed;
}

/// Parses a sub-command's line: `sandpit sandbox WORD …` with `positionals` words in all.
std::optional<int> parseSub(QCommandLineParser &parser, const QStringList &arguments, const char *word,
                            const QString &synopsis, const QString &description, qsizetype positionals)
{
    parser.setApplicationDescription(description);
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("sandbox"), QStringLiteral("The command."),
                                 QStringLiteral("sandbox %1").arg(QLatin1String(word)));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The sandbox's name."), synopsis);
    return parseCommandLine(parser, arguments, positionals,
                            QStringLiteral("usage: sandpit sandbox %1 %2; see sandpit sandbox %1 --help")
                                .arg(QLatin1String(word), synopsis));
}

/// The store that holds `name`, found across the backends.
Core::Expected<std::unique_ptr<Core::SandboxStore>> storeOf(const QString &name, const Context &context,
                                                            QString *backend = nullptr)
{
    auto found = Core::findSandboxBackend(name, context.languages, context.engine);
    if (!found)
        return std::unexpected(found.error());
    if (backend)
        *backend = *found;
    return Core::makeSandboxStore(*found, context.languages, context.engine);
}

std::optional<Core::SandboxSpec> specFrom(const QCommandLineParser &parser, const Context &context)
{
    Core::SandboxSpec spec;
    spec.name = parser.positionalArguments().value(1);
    const bool local = parser.isSet(option("local"));
    if (local && parser.isSet(option("image"))) {
        printErr(QStringLiteral("--image and --local do not go together: an image is Docker's."));
        return std::nullopt;
    }
    spec.backend = local                ? QString(Core::kLocalBackendId)
        : parser.isSet(option("image")) ? QString(Core::kDockerBackendId)
                                        : context.engine.backend;
    spec.image = parser.value(option("image"));
    bool ok = true;
    if (parser.isSet(option("memory"))) {
        const qint64 megabytes = parser.value(option("memory")).toLongLong(&ok);
        if (!ok || megabytes <= 0) {
            printErr(QStringLiteral("--memory takes a number of megabytes, such as 256."));
            return std::nullopt;
        }
        spec.memoryBytes = megabytes * 1024 * 1024;
    }
    if (parser.isSet(option("cpus"))) {
        spec.cpus = parser.value(option("cpus")).toDouble(&ok);
        if (!ok || spec.cpus <= 0) {
            printErr(QStringLiteral("--cpus takes a number of CPUs, such as 1 or 0.5."));
            return std::nullopt;
        }
    }
    spec.workspace = parser.value(option("workspace"));
    for (const QString &label : parser.values(option("label"))) {
        const qsizetype equals = label.indexOf(QLatin1Char('='));
        if (equals <= 0) {
            printErr(QStringLiteral("--label takes KEY=VALUE, not \"%1\".").arg(label));
            return std::nullopt;
        }
        spec.labels.insert(label.left(equals), label.mid(equals + 1));
    }
    const auto network = Core::parseAllowList(parser.values(option("allow-net")));
    if (!network) {
        printErr(network.error().message);
        return std::nullopt;
    }
    spec.network = *network;
    return spec;
}

int create(const QStringList &arguments, const Context &context)
{
    QCommandLineParser parser;
    parser.addOptions({
        {option("image"), QStringLiteral("Docker: make it from this image (default: Python's)."),
         QStringLiteral("IMAGE")},
        {option("local"), QStringLiteral("Make it in the local sandbox instead of Docker.")},
        {option("memory"), QStringLiteral("Memory for the whole sandbox, all its commands together, in MB."),
         QStringLiteral("MB")},
        {option("cpus"), QStringLiteral("CPUs it may use (default: no limit)."), QStringLiteral("N")},
        {option("workspace"), QStringLiteral("This folder is its /work, kept after rm (default: its own)."),
         QStringLiteral("DIR")},
        {option("label"), QStringLiteral("A label KEY=VALUE to find it by (repeatable)."), QStringLiteral("K=V")},
        {option("allow-net"),
         QStringLiteral("Its commands may reach HOST:PORT (*.example.org:443 for names below), through Sandpit's "
                        "proxy, and nothing else (repeatable; default: no network). Fixed at create."),
         QStringLiteral("HOST:PORT")},
    });
    if (const auto done = parseSub(parser, arguments, "create", QStringLiteral("NAME [options]"),
                                   QStringLiteral("Creates a named sandbox that stays up until it is stopped or "
                                                  "removed; its limits hold for all its commands together."),

                                   2))
        return *done;
    const auto spec = specFrom(parser, context);
    if (!spec)
        return kExitUsage;
    // A name is unique across backends: `exec NAME` must find one sandbox.
    if (Core::findSandboxBackend(spec->name, context.languages, context.engine)) {
        return failed(QStringLiteral("A sandbox named %1 exists already; remove it with `sandpit sandbox rm %1`, or "
                                     "choose another name.")
                          .arg(spec->name));
    }
    auto store = Core::makeSandboxStore(spec->backend, context.languages, context.engine);
    if (!store)
        return failed(store.error().message);
    auto created = (*store)->create(*spec);
    if (!created)
        return failed(created.error().message);
    std::printf("%s\n", qPrintable(created->name));
    return kExitDone;
}

int exec(const QStringList &arguments, const Context &context)
{
    const qsizetype dashes = arguments.indexOf(QStringLiteral("--"));
    const QStringList own = dashes < 0 ? arguments : arguments.first(dashes);
    const QStringList command = dashes < 0 ? QStringList() : arguments.sliced(dashes + 1);
    QCommandLineParser parser;
    if (const auto done = parseSub(parser, own, "exec", QStringLiteral("NAME -- CMD [ARGS…]"),
                                   QStringLiteral("Runs CMD with its arguments in the sandbox, in /work, and exits "
                                                  "with its status; a limit that stops it is said on stderr."),

                                   2))
        return *done;
    if (command.isEmpty()) {
        printErr(QStringLiteral("usage: sandpit sandbox exec NAME -- CMD [ARGS…]; the command follows --"));
        return kExitUsage;
    }
    const QString name = parser.positionalArguments().value(1);
    QString backend;
    if (auto store = storeOf(name, context, &backend); !store)
        return failed(store.error().message);
    Core::RunRequest request = Core::sandboxCommandRequest(name, backend, command);
    // This process's stdin is the command's, as it comes, and its end the command's end-of-file
    // (StdinRelay): `printf '3\n4\n' | sandpit sandbox exec box -- python3 add.py`. A closed
    // stdin (`<&-`) could never say it ended: the command reads end-of-file at once instead.
    request.keepStdinOpen = ::fcntl(STDIN_FILENO, F_GETFD) != -1;
    return runInSandbox(request, context.engine, context.languages);
}

int shell(const QStringList &arguments, const Context &context)
{
    QCommandLineParser parser;
    if (const auto done = parseSub(parser, arguments, "shell", QStringLiteral("NAME"),
                                   QStringLiteral("An interactive shell in the sandbox on this terminal; exit or "
                                                  "Ctrl+D leaves it, and the sandbox stays."),

                                   2))
        return *done;
    const QString name = parser.positionalArguments().value(1);
    QString backend;
    if (auto store = storeOf(name, context, &backend); !store)
        return failed(store.error().message);
    if (!::isatty(STDIN_FILENO)) {
        return failed(QStringLiteral("sandpit sandbox shell needs a terminal on its standard input; to run one "
                                     "command, use sandpit sandbox exec NAME -- CMD."));
    }
    return runInSandbox(Core::sandboxShellRequest(name, backend, RawTerminal::size(STDIN_FILENO)), context.engine,
                        context.languages);
}

int printNetworkAttempts(Core::SandboxStore &store, const QString &name)
{
    const auto attempts = store.networkAttempts(name);
    if (!attempts)
        return failed(attempts.error().message);
    for (const Core::NetworkAttempt &attempt : *attempts) {
        if (attempt.port == 0) { // past the first 1000, or past a full log: a sentence, not a place
            std::printf("... %s\n", qPrintable(attempt.host));
            continue;
        }
        const QString host = attempt.host.contains(QLatin1Char(':')) ? u'[' + attempt.host + u']' : attempt.host;
        const QString why = attempt.failure.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(attempt.failure);
        std::printf("%s %s:%u%s\n", qPrintable(attempt.outcomeId()), qPrintable(host), unsigned(attempt.port),
                    qPrintable(why));
    }
    return kExitDone;
}

int logs(const QStringList &arguments, const Context &context)
{
    QCommandLineParser parser;
    parser.addOptions({
        {option("follow"), QStringLiteral("Keep printing what its commands print, until Ctrl+C.")},
        {option("network"),
         QStringLiteral("Instead, every attempt its commands made to reach a host through its proxy (a sandbox made "
                        "with --allow-net): \"allowed HOST:PORT\" or \"denied HOST:PORT\", a line each, in order.")},
    });
    if (const auto done = parseSub(parser, arguments, "logs", QStringLiteral("NAME [--follow | --network]"),
                                   QStringLiteral("Prints everything the sandbox's commands printed, from a log "
                                                  "kept with a size cap (the oldest part goes first)."),

                                   2))
        return *done;
    const QString name = parser.positionalArguments().value(1);
    auto store = storeOf(name, context);
    if (!store)
        return failed(store.error().message);
    if (parser.isSet(option("network")))
        return printNetworkAttempts(**store, name);
    qint64 offset = 0;
    const auto print = [&]() -> std::optional<int> {
        auto read = (*store)->logs(name, offset);
        if (!read)
            return failed(read.error().message);
        // The log's turns dropped them before this follower came back for them; said on stderr,
        // so that stdout stays the log's own bytes.
        if (read->dropped > 0 && offset > 0)
            printErr(QStringLiteral("… %1 bytes dropped").arg(read->dropped));
        offset = read->end;
        std::fwrite(read->bytes.constData(), 1, size_t(read->bytes.size()), stdout);
        std::fflush(stdout);
        return std::nullopt;
    };
    if (const auto error = print())
        return *error;
    if (!parser.isSet(option("follow")))
        return kExitDone;
    SignalRelay relaySignals{SIGINT, SIGTERM, SIGHUP};
    QObject::connect(&relaySignals, &SignalRelay::received, &relaySignals, [] { QCoreApplication::exit(kExitDone); });
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, &timer, [&] {
        // The sandbox removed: nothing more will come.
        if (const auto error = print())
            QCoreApplication::exit(*error);
    });
    timer.start(kFollowEveryMs);
    return QCoreApplication::exec();
}

/// A sub-command that does one thing to sandbox NAME: `how` on the store that holds it.
int actOn(const QStringList &arguments, const Context &context, const char *word, const QString &description,
          const std::function<Core::Expected<void>(Core::SandboxStore &, const QString &)> &how)
{
    QCommandLineParser parser;
    if (const auto done = parseSub(parser, arguments, word, QStringLiteral("NAME"), description, 2))
        return *done;
    const QString name = parser.positionalArguments().value(1);
    auto store = storeOf(name, context);
    if (!store)
        return failed(store.error().message);
    if (auto done = how(**store, name); !done)
        return failed(done.error().message);
    return kExitDone;
}

int end(const QStringList &arguments, const Context &context, const char *word, const QString &description,
        Core::Expected<void> (Core::SandboxStore::*how)(const QString &))
{
    return actOn(arguments, context, word, description,
                 [how](Core::SandboxStore &store, const QString &name) { return (store.*how)(name); });
}

int start(const QStringList &arguments, const Context &context)
{
    return actOn(arguments, context, "start",
                 QStringLiteral("Starts a stopped sandbox again, with the name, limits, labels and allow-list it "
                                "was created with."),
                 [](Core::SandboxStore &store, const QString &name) -> Core::Expected<void> {
                     auto started = store.start(name);
                     if (!started)
                         return std::unexpected(started.error());
                     std::printf("%s\n", qPrintable(started->name));
                     return {};
                 });
}

int stop(const QStringList &arguments, const Context &context)
{
    return end(arguments, context, "stop",
               QStringLiteral("Ends every process in the sandbox (SIGTERM, then SIGKILL after 5 s); its files are "
                              "kept until rm."),
               &Core::SandboxStore::stop);
}

int kill(const QStringList &arguments, const Context &context)
{
    return end(arguments, context, "kill", QStringLiteral("Ends every process in the sandbox at once (SIGKILL)."),
               &Core::SandboxStore::kill);
}

int remove(const QStringList &arguments, const Context &context)
{
    return end(arguments, context, "rm",
               QStringLiteral("Stops the sandbox if it runs and removes it, leaving nothing behind (a --workspace "
                              "folder of your own is kept)."),
               &Core::SandboxStore::remove);
}

int list(const QStringList &arguments, const Context &context)
{
    QCommandLineParser parser;
    parser.addOptions({
        {option("json"), QStringLiteral("A JSON array, one object a sandbox.")},
        {{QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("Only the names, one a line.")},
    });
    parser.setApplicationDescription(QStringLiteral("Lists the named sandboxes of every backend: what runs, since "
                                                    "when, with how much memory, and whose they are."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("sandbox"), QStringLiteral("The command."),
                                 QStringLiteral("sandbox list"));
    if (const auto done = parseCommandLine(parser, arguments, 1,
                                           QStringLiteral("usage: sandpit sandbox list [--json]; see sandpit "
                                                          "sandbox list --help")))
        return *done;
    QList<Core::SandboxInfo> all;
    for (const QString &backend : {QString(Core::kLocalBackendId), QString(Core::kDockerBackendId)}) {
        auto store = Core::makeSandboxStore(backend, context.languages, context.engine);
        auto listed
            = store ? (*store)->list() : Core::Expected<QList<Core::SandboxInfo>>(std::unexpected(store.error()));
        // A backend that is not there has no sandboxes; said only when it was meant to be.
        if (!listed && listed.error().code != Core::RunError::Code::BackendUnavailable)
            printErr(listed.error().message);
        if (listed)
            all += *listed;
    }
    QString text;
    if (parser.isSet(option("json"))) {
        QJsonArray array;
        for (const Core::SandboxInfo &sandbox : all)
            array.append(SandboxList::toJson(sandbox));
        text = QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
    } else if (parser.isSet(QStringLiteral("quiet"))) {
        for (const Core::SandboxInfo &sandbox : all)
            text += sandbox.name + QLatin1Char('\n');
    } else {
        text = SandboxList::table(all);
    }
    std::fputs(qPrintable(text), stdout);
    return kExitDone;
}

constexpr SandboxCommand kSandboxCommands[] = {
    {"create",
     "sandbox create NAME [--image IMG | --local] [--memory MB] [--cpus N] [--workspace DIR] [--label K=V]… "
     "[--allow-net HOST:PORT]…",
     "Make a sandbox that stays up.", create},
    {"exec", "sandbox exec NAME -- CMD [ARGS…]", "Run a command in it; its output and exit status.", exec},
    {"shell", "sandbox shell NAME", "An interactive shell in it, on this terminal.", shell},
    {"logs", "sandbox logs NAME [--follow | --network]", "What its commands printed, or the hosts they tried to reach.",
     logs},
    {"start", "sandbox start NAME", "Start a stopped one again, as it was created.", start},
    {"stop", "sandbox stop NAME", "Stop its processes; its files are kept.", stop},
    {"kill", "sandbox kill NAME", "Kill its processes at once.", kill},
    {"rm", "sandbox rm NAME", "Remove it, leaving nothing behind.", remove},
    {"list", "sandbox list [--json]", "The sandboxes, with state, memory and owner.", list},
};

const CommandGroup kSandboxGroup{
    QStringLiteral("sandbox"),
    QStringLiteral("Named sandboxes, which outlive the commands run in them:"),
    QStringLiteral("create, exec, shell, logs, start, stop, kill, rm or list."),
    groupEntries(kSandboxCommands),
};
} // namespace

int runSandboxCommand(const QStringList &arguments)
{
    const QStringList rest = withoutGroupWord(kSandboxGroup, arguments);
    const QString word = rest.value(1);
    for (const SandboxCommand &command : kSandboxCommands) {
        if (word != QLatin1String(command.name))
            continue;
        const QStringList own
            = rest.first(rest.contains(QStringLiteral("--")) ? rest.indexOf(QStringLiteral("--")) : rest.size());
        if (own.contains(QStringLiteral("--help")) || own.contains(QStringLiteral("-h")))
            return command.run(rest, Context{{}, {}});
        const auto engine = loadEngineSettings();
        if (!engine)
            return kExitUsage;
        return command.run(rest, Context{*engine, loadLanguages()});
    }
    return groupHelp(kSandboxGroup, arguments, word);
}

} // namespace Sandpit::App
