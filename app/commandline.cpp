#include "commandline.h"

#include <QCommandLineParser>

#include <cstdio>

namespace Sandpit::App {

void printErr(const QString &text)
{
    std::fprintf(stderr, "sandpit: %s\n", qPrintable(text));
}

std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &arguments, qsizetype positionals,
                                    const QString &usage)
{
    if (!parser.parse(arguments)) {
        printErr(parser.errorText());
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.positionalArguments().size() != positionals) {
        printErr(usage);
        return kExitUsage;
    }
    return std::nullopt;
}

} // namespace Sandpit::App
