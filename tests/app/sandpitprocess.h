#pragma once

// The real sandpit binary run as a user runs it, for the command-line tests.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

#include <optional>

struct SandpitProcess {
    int exitCode = -1; ///< -1 when it did not finish normally
    QByteArray out;
    QByteArray err;

    /// stdout as the one JSON object `--json` prints (empty, with a warning, when it is not).
    QJsonObject json() const
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(out, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            qWarning("stdout is not one JSON object (%s): %s", qPrintable(error.errorString()), out.constData());
        return doc.object();
    }
    QString value(const char *key) const { return json().value(QLatin1String(key)).toString(); }

    /// Runs `program` (sandpit, or sandpit-cli) from the build's bin folder; `input`, when
    /// given, is its whole stdin (otherwise stdin is left as QProcess leaves it).
    static SandpitProcess run(const QStringList &arguments, const QProcessEnvironment &env, int timeoutMs,
                              const QString &program = QStringLiteral("sandpit"),
                              const std::optional<QByteArray> &input = std::nullopt)
    {
        QProcess process;
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(SANDPIT_BIN_DIR "/") + program, arguments);
        if (input) {
            process.write(*input);
            process.closeWriteChannel();
        }
        SandpitProcess result;
        if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit) {
            qWarning("%s did not finish normally: %s", qPrintable(program), qPrintable(process.errorString()));
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
