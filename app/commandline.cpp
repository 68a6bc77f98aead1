#include "commandline.h"

#include <QCommandLineParser>
#include <QSettings>

#include <cstdio>

namespace Sandpit::App {

QString option(const char *name)
{
    return QString::fromLatin1(name);
}

void printErr(const QString &text)
{
    std::fprintf(stderr, "sandpit: %s\n", qPrintable(text));
}

void addHelpOption(QCommandLineParser &parser)
{
    parser.addOption(
        QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help.")));
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

std::optional<Core::EngineSettings> loadEngineSettings()
{
    const QSettings settings;
    auto engine = Core::EngineSettings::load(settings, QProcessEnvironment::systemEnvironment());
    if (!engine) {
        printErr(engine.error());
        return std::nullopt;
    }
    return std::move(*engine);
}

Core::LanguageRegistry loadLanguages()
{
    auto loaded = Core::LanguageRegistry::withUserFile(Core::LanguageRegistry::userFilePath());
    if (!loaded.problem.isEmpty())
        printErr(loaded.problem);
    return std::move(loaded.registry);
}

} // namespace Sandpit::App
