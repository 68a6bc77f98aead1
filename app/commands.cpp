#include "commands.h"

#include "cli.h"
#include "doctorcommand.h"
#include "historycommand.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cstdio>
#include <cstring>

namespace Sandpit::App {

namespace {
constexpr int kExitRan = 0;
constexpr int kExitUsage = 2;

bool isHelp(const QString &word)
{
    return word == QLatin1String("--help") || word == QLatin1String("-h") || word == QLatin1String("help");
}

bool isVersion(const QString &word)
{
    return word == QLatin1String("--version") || word == QLatin1String("-v");
}

QString topLevelHelp(const QString &program, bool withWindow)
{
    QString text;
    if (withWindow) {
        text += QStringLiteral("Usage: %1 [FILE…]\n       %1 COMMAND [options]\n\n"
                               "With no command, opens the window (and FILE… in it).\n\n")
                    .arg(program);
    } else {
        text += QStringLiteral("Usage: %1 COMMAND [options]\n\n").arg(program);
    }
    text += QStringLiteral("Commands:\n"
                           "  run FILE     Run a program in the sandbox and print its output, or --json.\n"
                           "  history      List the runs Sandpit recorded, newest first.\n"
                           "  doctor       Say what a run would get on this computer: sandbox, Docker, toolchains.\n\n"
                           "Options:\n"
                           "  -h, --help     Show this help.\n"
                           "  -v, --version  Show the version.\n\n"
                           "'%1 COMMAND --help' shows a command's options.\n")
                .arg(program);
    return text;
}
} // namespace

bool isCommandLine(const char *word)
{
    return isCliCommand(word) || isHistoryCommand(word) || isDoctorCommand(word) || isHelp(QString::fromLocal8Bit(word))
        || isVersion(QString::fromLocal8Bit(word));
}

int runCommandLine(const QStringList &arguments, bool withWindow)
{
    const QString program = QFileInfo(arguments.value(0)).fileName();
    const QString word = arguments.value(1);
    if (word == QLatin1String("run"))
        return runCli(arguments);
    if (word == QLatin1String("history"))
        return runHistoryCommand(arguments);
    if (word == QLatin1String("doctor"))
        return runDoctorCommand(arguments);
    if (isVersion(word)) {
        std::printf("%s %s\n", qPrintable(program), qPrintable(QCoreApplication::applicationVersion()));
        return kExitRan;
    }
    if (isHelp(word)) {
        std::fputs(qPrintable(topLevelHelp(program, withWindow)), stdout);
        return kExitRan;
    }
    std::fputs(qPrintable(topLevelHelp(program, withWindow)), stderr);
    if (!word.isEmpty())
        std::fprintf(stderr, "\n%s: unknown command \"%s\"\n", qPrintable(program), qPrintable(word));
    return kExitUsage;
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Sandpit"));
    QCoreApplication::setApplicationName(QStringLiteral("sandpit"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDPIT_VERSION));
}

} // namespace Sandpit::App
