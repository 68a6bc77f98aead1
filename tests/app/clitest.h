#pragma once

// What the `sandpit run` tests share: a clean environment with private settings, a folder of
// their own for the files they write, and the real binary run as a user runs it.
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

#include "sandpitprocess.h"

inline constexpr int kRunTimeoutMs = 60000;

inline QString fixture(const QString &name)
{
    const QString dir = qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR));
    return dir + QLatin1Char('/') + name;
}

using Cli = SandpitProcess;

/// The base of each `sandpit run` test class: every test function gets a fresh folder.
class CliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QVERIFY(m_dir.emplace().isValid()); }
    void cleanup() { m_dir.reset(); }

protected:
    // A clean environment: no SANDPIT_* settings from the developer's shell, and a private
    // config folder so their saved settings are not read either.
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"SANDPIT_TIMEOUT_SEC", "SANDPIT_MEMORY_MB", "SANDPIT_OUTPUT_LIMIT_KB",
                                 "SANDPIT_BACKEND", "SANDPIT_DOCKER_FALLBACK"})
            env.remove(QString::fromLatin1(name));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
        return env;
    }

    Cli run(const QStringList &arguments, const QProcessEnvironment &env) const
    {
        return SandpitProcess::run(QStringList{QStringLiteral("run")} + arguments, env, kRunTimeoutMs);
    }
    Cli run(const QStringList &arguments) const { return run(arguments, environment()); }
    /// `sandpit run` with `input` as its whole standard input.
    Cli runWithInput(const QStringList &arguments, const QByteArray &input) const
    {
        return SandpitProcess::run(QStringList{QStringLiteral("run")} + arguments, environment(), kRunTimeoutMs,
                                   QStringLiteral("sandpit"), input);
    }

    QString writeFile(const QString &name, const QByteArray &content) const
    {
        QFile f(m_dir->filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
            qFatal("cannot write %s", qPrintable(f.fileName()));
        return f.fileName();
    }

    std::optional<QTemporaryDir> m_dir;
};
