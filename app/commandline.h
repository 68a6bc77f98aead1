#pragma once

#include "languages/languageregistry.h"
#include "settings/enginesettings.h"

#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace Sandpit::App {

/// What every command exits with when its command line is wrong.
constexpr int kExitUsage = 2;

/// An option's name as QCommandLineParser takes it, from the literal in a command's table.
QString option(const char *name);

/// Prints "sandpit: TEXT" on stderr, the form every command's errors take.
void printErr(const QString &text);

/// Adds -h/--help, as QCommandLineParser::addHelpOption does but without its --help-all, which
/// lists Qt's own options (-platform, -style…) that no command of Sandpit takes.
void addHelpOption(QCommandLineParser &parser);

/// Parses a command's arguments the same way for every command: a parse error or a wrong
/// number of positional arguments (the command word included) prints to stderr and gives
/// kExitUsage; --help prints the help and gives 0. Returns nothing when the command should run.
std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &arguments, qsizetype positionals,
                                    const QString &usage);

/// The engine's settings as every command reads them (QSettings, then SANDPIT_* variables). A
/// bad value is printed and gives nothing: the command then exits with kExitUsage.
std::optional<Core::EngineSettings> loadEngineSettings();

/// The languages, with the user's own file over the built-in ones; a broken user file is a
/// warning on stderr, and the built-in languages stand.
Core::LanguageRegistry loadLanguages();

} // namespace Sandpit::App
