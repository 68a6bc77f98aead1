#include "packcommand.h"

#include "packimportcommand.h"

#include <cstdio>

namespace Sandpit::App {

int runPackCommand(const QStringList &arguments)
{
    // arguments: the program, "pack", the subcommand, its words.
    if (arguments.value(2) == QLatin1String("import"))
        return runPackImport(arguments.mid(3));
    std::fputs("usage: sandpit pack import KIND PATH -o DIR\n", stderr);
    return 2;
}

} // namespace Sandpit::App
