#include "packcommand.h"

#include "commandgroup.h"
#include "packbuildcommand.h"
#include "packimportcommand.h"
#include "packvalidatecommand.h"


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

const CommandGroup kPackGroup{
    QStringLiteral("pack"),
    QStringLiteral("An exercise pack's author's tools:"),
    QStringLiteral("validate, build or import."),
    groupEntries(kPackCommands),
};
} // namespace

int runPackCommand(const QStringList &arguments)
{
    const QStringList rest = withoutGroupWord(kPackGroup, arguments);
    const QString word = rest.value(1);
    for (const PackCommand &command : kPackCommands)
        if (word == QLatin1String(command.name))
            return command.run(rest);
    return groupHelp(kPackGroup, arguments, word);
}

} // namespace Sandpit::App
