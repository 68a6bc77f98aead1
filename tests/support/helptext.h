#pragma once
// Reading Sandpit's help as the packaging tests need it (the commands its top-level help lists,
// the options a command's help lists), and running the tools that check packaged files.
#include <QByteArray>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>

#include "app/sandpitprocess.h"

namespace SandpitTest {

struct ToolRun {
    int exitCode = -1; ///< -1 when the tool could not be started or did not finish
    QByteArray out;
    QByteArray err;
};

/// Runs a command-line tool (desktop-file-validate, appstreamcli, man, bash) to its end.
inline ToolRun runTool(const QString &program, const QStringList &arguments,
                       const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                       const QString &workingDirectory = {})
{
    QProcess process;
    process.setProcessEnvironment(env);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    ToolRun run;
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit) {
        qWarning("%s did not finish: %s", qPrintable(program), qPrintable(process.errorString()));
        return run;
    }
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

/// What the built sandpit prints for `sandpit ARGUMENTS…` (`--help`, `run --help`).
inline QByteArray sandpitHelp(const QStringList &arguments)
{
    return SandpitProcess::run(arguments, QProcessEnvironment::systemEnvironment(), 30000).out;
}

/// The first word of each row in one section of a help text ("Commands:", "Options:").
inline QStringList helpSectionTerms(const QByteArray &help, const QString &section)
{
    QStringList terms;
    bool inside = false;
    for (const QString &line : QString::fromUtf8(help).split(QLatin1Char('\n'))) {
        if (line == section + QLatin1Char(':')) {
            inside = true;
        } else if (inside && (line.isEmpty() || !line.startsWith(QLatin1Char(' ')))) {
            break;
        } else if (inside && line.startsWith(QLatin1String("  ")) && !line.at(2).isSpace()) {
            terms << line.mid(2).section(QRegularExpression(QStringLiteral("\\s{2,}")), 0, 0);
        }
    }
    return terms;
}

/// The commands `sandpit --help` lists.
inline QStringList helpCommands(const QByteArray &help)
{
    QStringList commands;
    for (const QString &term : helpSectionTerms(help, QStringLiteral("Commands")))
        commands << term.section(QLatin1Char(' '), 0, 0);
    return commands;
}

/// Every -x and --long spelling in a help's "Options:" rows.
inline QStringList helpOptions(const QByteArray &help)
{
    QStringList options;
    static const QRegularExpression spelling(QStringLiteral("(?:^|[ ,])(--?[A-Za-z0-9][A-Za-z0-9-]*)"));
    for (const QString &term : helpSectionTerms(help, QStringLiteral("Options"))) {
        for (const auto &match : spelling.globalMatch(term))
            options << match.captured(1);
    }
    return options;
}

} // namespace SandpitTest
