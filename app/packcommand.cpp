#include "packcommand.h"

#include "commandline.h"
#include "packbuildcommand.h"
#include "packimportcommand.h"
#include "packvalidatecommand.h"

#include <QCommandLineParser>

#include <cstdio>

namespace Sandpit::App {

namespace {
struct PackCommand {
    const char *name;
    const char *synopsis;
    const char *summary;
    int (*run)(const QStringList &arguments);
};

constexpr PackCommand kPackCommands[] = {
    {"validate", "pack validate DIR",
     "Check that the reference solutions pass, the wrong programs fail, and the statements, files and limits "
     "agree; record the reference's times.",
     runPackValidate},
    {"build", "pack build DIR --learner|--instructor -o FILE",
     "Build a pack for learners (no solutions, wrong programs or secret tests) or for grading.", runPackBuild},
    {"import", "pack import kattis|classroom|cph PATH -o DIR",
     "Convert a Kattis problem package, a GitHub Classroom autograding.json or CP Editor/CPH tests into a pack.",
     runPackImport},
};

/// `sandpit pack --help`: a command's help as every other command's (QCommandLineParser's,
/// with -h/--help), its sub-commands listed in the description, so the man page and the shell
/// completion read it as they read the others'.
int packHelp(const QStringList &arguments)
{
    QString text = QStringLiteral("An exercise pack's author's tools:\n");
    for (const PackCommand &command : kPackCommands)
        text += QStringLiteral("  sandpit %1\n      %2\n")
                    .arg(QString::fromUtf8(command.synopsis), QString::fromUtf8(command.summary));
    text += QStringLiteral("\nsandpit pack COMMAND --help says more about one.");
    QCommandLineParser parser;
    parser.setApplicationDescription(text);
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("pack"), QStringLiteral("The command."), QStringLiteral("pack"));
    parser.addPositionalArgument(QStringLiteral("COMMAND"), QStringLiteral("validate, build or import."));
    const auto done = parseCommandLine(parser, arguments, 3,
                                       QStringLiteral("usage: sandpit pack COMMAND …; see sandpit pack --help"));
    return done.value_or(kExitUsage);
}
} // namespace

int runPackCommand(const QStringList &arguments)
{
    // The command line without `pack`: the sub-command is then the command word.
    QStringList rest = arguments;
    const qsizetype at = rest.indexOf(QStringLiteral("pack"), 1);
    if (at > 0)
        rest.removeAt(at);
    const QString word = rest.value(1);
    for (const PackCommand &command : kPackCommands)
        if (word == QLatin1String(command.name))
            return command.run(rest);
    if (!word.isEmpty() && !word.startsWith(QLatin1Char('-')) && word != QLatin1String("help"))
        printErr(QStringLiteral("'%1' is not a pack command.").arg(word));
    return packHelp(word == QLatin1String("help")
                        ? QStringList{arguments.value(0), QStringLiteral("pack"), QStringLiteral("--help")}
                        : arguments);
}

} // namespace Sandpit::App
