#include "commands.h"

#include "checkcommand.h"
#include "gradecommand.h"
#include "cli.h"
#include "doctorcommand.h"
#include "historycommand.h"
#include "packcommand.h"
#include "sandboxcommand.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kExitRan = 0;
constexpr int kExitUsage = 2;

/// One command of the command line. The top-level help is made from this table, so a command
/// added here is listed there, and is never taken for a file the window should open.
struct Command {
    const char *name;
    const char *synopsis; ///< how the help lists it
    const char *summary;  ///< its line in the help
    int (*run)(const QStringList &arguments);
};

constexpr Command kCommands[] = {
    {"run", "run FILE [-- ARGS…]", "Run a program in the sandbox and print its output, or --json.", runCli},
    {"check", "check EXERCISE [FILE]", "Check a program against an exercise's tests, or --json.", runCheckCommand},
    {"pack", "pack validate|build|import …", "An exercise pack's author's tools: sandpit pack --help.", runPackCommand},
    {"grade", "grade PACK EXERCISE SUBMISSIONS", "Grade every student's submission; results for Gradescope, CSV, JUnit.",
     runGradeCommand},
    {"sandbox", "sandbox create|exec|shell|logs|stop|kill|rm|list …",
     "Named sandboxes that stay up between commands: sandpit sandbox --help.", runSandboxCommand},
    {"history", "history", "List the runs Sandpit recorded, newest first.", runHistoryCommand},
    {"doctor", "doctor", "Say what a run would get on this computer: sandbox, Docker, toolchains.", runDoctorCommand},
};

const Command *findCommand(const QString &word)
{
    for (const Command &command : kCommands) {
        if (word == QLatin1String(command.name))
            return &command;
    }
    return nullptr;
}

bool isHelp(const QString &word)
{
    return word == QLatin1String("--help") || word == QLatin1String("-h") || word == QLatin1String("help");
}

bool isVersion(const QString &word)
{
    return word == QLatin1String("--version") || word == QLatin1String("-v");
}

QString commandList()
{
    qsizetype width = 0;
    for (const Command &command : kCommands)
        width = std::max(width, QString::fromUtf8(command.synopsis).size());
    QString text;
    for (const Command &command : kCommands) {
        text += QStringLiteral("  %1  %2\n")
                    .arg(QString::fromUtf8(command.synopsis).leftJustified(width), QString::fromUtf8(command.summary));
    }
    return text;
}

QString topLevelHelp(const QString &program, bool withWindow)
{
    QString text;
    if (withWindow) {
        text += QStringLiteral("Usage: %1 [--new-window] [FILE…]\n       %1 COMMAND [options]\n\n"
                               "With no command, opens the window (and FILE… in it). When your window is\n"
                               "open already, FILE… opens there instead, unless --new-window is given.\n\n")
                    .arg(program);
    } else {
        text += QStringLiteral("Usage: %1 COMMAND [options]\n\n").arg(program);
    }
    text += QStringLiteral("Commands:\n") + commandList() + QStringLiteral("\nOptions:\n");
    if (withWindow)
        text += QStringLiteral("  --new-window   Open a window of its own, even if one is open.\n");
    text += QStringLiteral("  -h, --help     Show this help.\n"
                           "  -v, --version  Show the version.\n\n"
                           "'%1 COMMAND --help' (or '%1 help COMMAND') shows a command's options.\n")
                .arg(program);
    return text;
}
} // namespace

bool isCommandLine(const char *word)
{
    const QString w = QString::fromLocal8Bit(word);
    return findCommand(w) || isHelp(w) || isVersion(w);
}

int runCommandLine(const QStringList &arguments, bool withWindow)
{
    const QString program = QFileInfo(arguments.value(0)).fileName();
    const QString word = arguments.value(1);
    if (const Command *command = findCommand(word))
        return command->run(arguments);
    if (isVersion(word)) {
        std::printf("%s %s\n", qPrintable(program), qPrintable(QCoreApplication::applicationVersion()));
        return kExitRan;
    }
    // `sandpit help run` is `sandpit run --help`, as with git.
    if (isHelp(word) && arguments.size() > 2) {
        if (const Command *command = findCommand(arguments.at(2)))
            return command->run({arguments.at(0), arguments.at(2), QStringLiteral("--help")});
    }
    if (isHelp(word) && arguments.size() == 2) {
        std::fputs(qPrintable(topLevelHelp(program, withWindow)), stdout);
        return kExitRan;
    }
    std::fputs(qPrintable(topLevelHelp(program, withWindow)), stderr);
    if (!word.isEmpty()) {
        const QString unknown = isHelp(word) ? arguments.at(2) : word;
        std::fprintf(stderr, "\n%s: unknown command \"%s\"\n", qPrintable(program), qPrintable(unknown));
    }
    return kExitUsage;
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Sandpit"));
    QCoreApplication::setApplicationName(QStringLiteral("sandpit"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDPIT_VERSION));
}

} // namespace Sandpit::App
