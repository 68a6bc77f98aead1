#include "packcommand.h"

#include "commandline.h"
#include "packbuildcommand.h"
#include "packimportcommand.h"
#include "packvalidatecommand.h"

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

int listPackCommands(FILE *to)
{
    QString text = QStringLiteral("usage: sandpit pack COMMAND …\n\nAn exercise pack's author's tools:\n");
    for (const PackCommand &command : kPackCommands)
        text += QStringLiteral("  sandpit %1\n      %2\n")
                    .arg(QString::fromUtf8(command.synopsis), QString::fromUtf8(command.summary));
    text += QStringLiteral("\nsandpit pack COMMAND --help says more about one.\n");
    std::fputs(text.toUtf8().constData(), to);
    return to == stdout ? 0 : kExitUsage;
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
    if (word == QLatin1String("--help") || word == QLatin1String("-h") || word == QLatin1String("help"))
        return listPackCommands(stdout);
    for (const PackCommand &command : kPackCommands)
        if (word == QLatin1String(command.name))
            return command.run(rest);
    if (!word.isEmpty())
        printErr(QStringLiteral("'%1' is not a pack command.").arg(word));
    return listPackCommands(stderr);
}

} // namespace Sandpit::App
