#include "packcommand.h"

#include "packimportcommand.h"

#include <cstdio>

namespace Sandpit::App {

int runPackCommand(const QStringList &arguments)
{
    if (arguments.value(0) == QLatin1String("import"))
        return runPackImport(arguments.mid(1));
    std::fputs("usage: sandpit pack import KIND PATH -o DIR\n", stderr);
    return 2;
}

} // namespace Sandpit::App
