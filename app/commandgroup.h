#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <cstddef>

namespace Sandpit::App {

/// A command made of sub-commands (`sandpit pack validate`, `sandpit sandbox exec`): the one way
/// such a command prints its help, finds its sub-command and refuses an unknown one.
struct CommandGroup {
    struct Entry {
        const char *synopsis; ///< "pack validate DIR"
        const char *summary;  ///< one sentence
    };
    QString word;         ///< "pack"
    QString intro;        ///< the help's first line, "An exercise pack's author's tools:"
    QString commandNames; ///< "validate, build or import."
    QList<Entry> entries;
};

/// A group's entries from its command table, whose rows have `synopsis` and `summary`.
template<typename Command, std::size_t N>
QList<CommandGroup::Entry> groupEntries(const Command (&table)[N])
{
    QList<CommandGroup::Entry> entries;
    for (const Command &command : table)
        entries.append(CommandGroup::Entry{command.synopsis, command.summary});
    return entries;
}

/// The command line without the group's word, so that the sub-command is the command word
/// (`arguments[1]`) and each sub-command parses as a command of its own.
QStringList withoutGroupWord(const CommandGroup &group, const QStringList &arguments);

/// No sub-command is named `word`: says so on stderr (unless it is empty, an option or `help`)
/// and prints the group's help (`sandpit GROUP --help`): QCommandLineParser's, with -h/--help,
/// the sub-commands listed in its description, so the man page and the shell completion read it
/// as they read every other command's. Returns the exit status.
int groupHelp(const CommandGroup &group, const QStringList &arguments, const QString &word);

} // namespace Sandpit::App
