#pragma once

// A private X server with the real sandpit binary on it, driven the way a person drives it:
// keys typed with xdotool, the clipboard read with xclip. For the tests that must kill the
// real process (kill -9) and start it again.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class DesktopSession
{
public:
    /// Starts Xvfb on a free display; false (with a warning) if it cannot.
    bool startServer()
    {
        // -displayfd: the server picks a free display and writes its number once it listens.
        m_server.start(QStringLiteral("Xvfb"),
                       {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"),
                        QStringLiteral("0"), QStringLiteral("1280x800x24"), QStringLiteral("-nolisten"),
                        QStringLiteral("tcp")});
        if (!m_server.waitForReadyRead(20000)) {
            qWarning("Xvfb did not start: %s", qPrintable(m_server.errorString()));
            return false;
        }
        m_display = QStringLiteral(":") + QString::fromLatin1(m_server.readLine().trimmed());
        return m_home.isValid();
    }

    ~DesktopSession()
    {
        killApp();
        m_server.terminate();
        m_server.waitForFinished(5000);
    }

    QString home() const { return m_home.path(); }
    /// The X display, for other X clients (xprop) to look at the window.
    QString display() const { return m_display; }
    /// Where Sandpit keeps its journal, under this session's data folder.
    QString journalDir() const { return m_home.path() + QStringLiteral("/data/Sandpit/sandpit/journal"); }

    bool startApp(const QStringList &arguments)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DISPLAY"), m_display);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.path() + QStringLiteral("/config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path() + QStringLiteral("/data"));
        env.remove(QStringLiteral("SANDPIT_DATA_DIR"));
        // The single-window socket of this session's display, in a folder of its own.
        const QString runtime = m_home.path() + QStringLiteral("/runtime");
        QDir().mkpath(runtime);
        QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
        m_app.setProcessEnvironment(env);
        m_app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_app.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"), arguments);
        return m_app.waitForStarted(10000);
    }

    /// SIGKILL: no chance to save, close or clean up anything.
    void killApp()
    {
        if (m_app.state() == QProcess::NotRunning)
            return;
        m_app.kill();
        m_app.waitForFinished(10000);
    }

    /// SIGTERM, as a logout sends it: true once Sandpit has quit by itself with status 0.
    bool terminateApp()
    {
        m_app.terminate();
        return m_app.waitForFinished(20000) && m_app.exitStatus() == QProcess::NormalExit && m_app.exitCode() == 0;
    }

    /// Whether a visible window whose title contains `title` is there now (no waiting).
    bool hasWindow(const QString &title)
    {
        return !xdotool({QStringLiteral("search"), QStringLiteral("--onlyvisible"), QStringLiteral("--name"),
                         QRegularExpression::escape(title)})
                    .trimmed()
                    .isEmpty();
    }

    bool appRunning() const { return m_app.state() == QProcess::Running; }

    /// The id of a visible window whose title contains `title`, once it shows up (or empty).
    QString waitForWindow(const QString &title)
    {
        return xdotool({QStringLiteral("search"), QStringLiteral("--sync"), QStringLiteral("--onlyvisible"),
                        QStringLiteral("--name"), QRegularExpression::escape(title)},
                       20000)
            .split('\n')
            .value(0)
            .trimmed();
    }

    QString windowName(const QString &window) { return xdotool({QStringLiteral("getwindowname"), window}).trimmed(); }

    void focus(const QString &window) { xdotool({QStringLiteral("windowfocus"), QStringLiteral("--sync"), window}); }

    void key(const QString &keys) { xdotool({QStringLiteral("key"), QStringLiteral("--clearmodifiers"), keys}); }

    void type(const QString &text)
    {
        xdotool({QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("30"), text});
    }

    /// The editor's whole text, as the learner would copy it: Ctrl+A, Ctrl+C, then the clipboard.
    QString copyAll()
    {
        key(QStringLiteral("ctrl+a"));
        key(QStringLiteral("ctrl+c"));
        QProcess xclip;
        xclip.setProcessEnvironment(environment());
        xclip.start(QStringLiteral("xclip"),
                    {QStringLiteral("-o"), QStringLiteral("-selection"), QStringLiteral("clipboard")});
        xclip.waitForFinished(10000);
        return QString::fromUtf8(xclip.readAllStandardOutput());
    }

    /// The text of every journal entry now on disk, with the folder it is in.
    QStringList journalEntries() const
    {
        QStringList entries;
        const QDir journal(journalDir());
        for (const QString &session : journal.entryList({QStringLiteral("session-*")}, QDir::Dirs)) {
            const QDir dir(journal.filePath(session));
            for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
                QFile file(dir.filePath(name));
                if (file.open(QIODevice::ReadOnly))
                    entries << session + QLatin1Char('\n') + QString::fromUtf8(file.readAll());
            }
        }
        return entries;
    }

    /// Waits until a journal entry contains `text`: the window's autosave has run.
    bool journalHolds(const QString &text) const
    {
        return QTest::qWaitFor(
            [&] {
                const QStringList entries = journalEntries();
                return std::any_of(entries.begin(), entries.end(),
                                   [&](const QString &entry) { return entry.contains(text); });
            },
            15000);
    }

    /// The tools these tests drive the desktop with, or what to do when one is missing.
    static QString missingTool()
    {
        for (const char *tool : {"Xvfb", "xdotool", "xclip"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
                return QStringLiteral("%1 is missing: scripts/install-deps.sh --test installs it")
                    .arg(QLatin1String(tool));
        }
        return {};
    }

private:
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DISPLAY"), m_display);
        return env;
    }

    QString xdotool(const QStringList &arguments, int timeoutMs = 10000)
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(QStringLiteral("xdotool"), arguments);
        if (!process.waitForFinished(timeoutMs))
            process.kill();
        return QString::fromUtf8(process.readAllStandardOutput());
    }

    QProcess m_server;
    QProcess m_app;
    QString m_display;
    QTemporaryDir m_home;
};
