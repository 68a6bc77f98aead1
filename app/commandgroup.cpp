#include "commandgroup.h"

#include "commandline.h"

#include <QCommandLineParser>

namespace Sandpit::App {

QStringList withoutGroupWord(const CommandGroup &group, const QStringList &arguments)
{
    QStringList rest = arguments;
    const qsizetype at = rest.indexOf(group.word, 1);
    if (at > 0)
        rest.removeAt(at);
    return rest;
}

int groupHelp(const CommandGroup &group, const QStringList &arguments, const QString &word)
{
    const bool askedForHelp = word == QLatin1String("help");
    if (!word.isEmpty() && !word.startsWith(QLatin1Char('-')) && !askedForHelp)
        printErr(QStringLiteral("'%1' is not a %2 command.").arg(word, group.word));

    QString text = group.intro + QLatin1Char('\n');
    for (const CommandGroup::Entry &entry : group.entries)
        text += QStringLiteral("  sandpit %1\n      %2\n")
                    .arg(QString::fromUtf8(entry.synopsis), QString::fromUtf8(entry.summary));
    text += QStringLiteral("\nsandpit %1 COMMAND --help says more about one.").arg(group.word);
    QCommandLineParser parser;
    parser.setApplicationDescription(text);
    addHelpOption(parser);
    parser.addPositionalArgument(group.word, QStringLiteral("The command."), group.word);
    parser.addPositionalArgument(QStringLiteral("COMMAND"), group.commandNames);
    const QStringList line
        = askedForHelp ? QStringList{arguments.value(0), group.word, QStringLiteral("--help")} : arguments;
    const auto done = parseCommandLine(parser, line, 3,
                                       QStringLiteral("usage: sandpit %1 COMMAND …; see sandpit %1 --help").arg(group.word));
    return done.value_or(kExitUsage);
}

} // namespace Sandpit::App
