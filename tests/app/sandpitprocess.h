#pragma once

// The real sandpit binary run as a user runs it, for the command-line tests.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

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

    /// `sandpit-cli sandbox ARGUMENTS…`, as `sandpit sandbox` tests run it.
    static SandpitProcess sandbox(const QStringList &arguments, const QProcessEnvironment &env, int timeoutMs)
    {
        return run(QStringList{QStringLiteral("sandbox")} + arguments, env, timeoutMs, QStringLiteral("sandpit-cli"));
    }

    /// This environment with settings and state of a test's own, in `home`.
    static QProcessEnvironment homeEnvironment(const QTemporaryDir &home)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_STATE_HOME"), home.filePath(QStringLiteral("state")));
        return env;
    }
};

/// `sandpit-cli sandbox logs NAME --follow`, running, and what it has printed so far.
class LogFollower final
{
public:
    LogFollower(const QString &name, const QProcessEnvironment &env)
    {
        m_process.setProcessEnvironment(env);
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process,
                         [this] { m_out += m_process.readAllStandardOutput(); });
        m_process.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit-cli"),
                        {QStringLiteral("sandbox"), QStringLiteral("logs"), name, QStringLiteral("--follow")});
    }
    QProcess &process() { return m_process; }
    const QByteArray &out() const { return m_out; }

private:
    QProcess m_process;
    QByteArray m_out;
};
