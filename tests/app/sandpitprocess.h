#pragma once

// The real sandpit binary run as a user runs it, for the command-line tests.
#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct SandpitProcess {
    int exitCode = -1; ///< -1 when it did not finish normally
    QByteArray out;
    QByteArray err;

    static SandpitProcess run(const QStringList &arguments, const QProcessEnvironment &env, int timeoutMs)
    {
        QProcess process;
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"), arguments);
        SandpitProcess result;
        if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit) {
            qWarning("sandpit did not finish normally: %s", qPrintable(process.errorString()));
            process.kill();
            process.waitForFinished();
            return result;
        }
        result.exitCode = process.exitCode();
        result.out = process.readAllStandardOutput();
        result.err = process.readAllStandardError();
        return result;
    }
};
