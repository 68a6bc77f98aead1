#pragma once

#include "engine/runcontroller.h"
#include "settings/enginesettings.h"
#include "terminal/replrequest.h"

#include <QObject>

namespace Sandpit::Ui {

/// The window's REPL: one at a time, on a terminal in the sandbox, beside the window's run
/// (its own run id on the same controller, so a run and a REPL never see each other's
/// events). Open REPL and Run in REPL replace the REPL there was; restart() opens the last one
/// again, after it ended.
class ReplSession final : public QObject
{
    Q_OBJECT
public:
    ReplSession(Core::RunController &controller, const Core::EngineSettings &settings, QObject *parent = nullptr);

    bool isActive() const { return m_current != 0; }
    Core::RunId currentId() const { return m_current; }
    /// The request of the REPL started last (what the engine was given).
    const Core::RunRequest &lastRequest() const { return m_request; }
    /// Whether there is a REPL to start again.
    bool canRestart() const { return m_last.language != nullptr || !m_lastShell.sandbox.isEmpty(); }
    /// The size of the REPL's terminal, as the engine was last told it.
    Core::TerminalSize terminalSize() const { return m_size; }

public Q_SLOTS:
    /// Replaces the REPL there is with the one of `choice`, on a terminal of `size`.
    void open(const Sandpit::Ui::ReplChoice &choice, Sandpit::Core::TerminalSize size);
    /// Replaces the REPL there is with a shell in the named sandbox `sandbox` (on `backend`),
    /// from the Sandboxes pane: the sandbox's files and programs, its own limits.
    void openShell(const QString &sandbox, const QString &backend, Sandpit::Core::TerminalSize size);
    /// The last REPL again (the same program, as it was then).
    void restart(Sandpit::Core::TerminalSize size);
    void stop();
    void setEngineSettings(const Sandpit::Core::EngineSettings &settings) { m_settings = settings; }
    void setBackend(const QString &backendId) { m_settings.backend = backendId; }
    void setAllowWeaker(Sandpit::Core::IsolationReport::Level weakest) { m_settings.allowWeaker = weakest; }
    void setWorkspace(const QList<Sandpit::Core::InputFile> &inputFiles, const QString &keptWorkspace);
    /// Keys typed in the terminal (Ctrl+C is 0x03: the pty interrupts the program with it).
    void writeInput(const QByteArray &bytes);
    void resize(Sandpit::Core::TerminalSize size);

Q_SIGNALS:
    /// A REPL was handed to the engine; `description` names it ("Python REPL with main.py").
    void replStarting(const QString &description);
    void outputReceived(const QByteArray &bytes);
    void replFinished(const Sandpit::Core::RunResult &result);
    void replFailed(const Sandpit::Core::RunError &error);
    void activeChanged(bool active);

private:
    void setCurrent(Core::RunId id);
    void replace();

    Core::RunController &m_controller;
    Core::EngineSettings m_settings;
    Core::RunId m_current = 0;
    ReplChoice m_last;
    struct ShellChoice {
        QString sandbox;
        QString backend;
    } m_lastShell;
    Core::RunRequest m_request;
    Core::TerminalSize m_size;
    QList<Core::InputFile> m_inputFiles;
    QString m_keptWorkspace;
};

} // namespace Sandpit::Ui
