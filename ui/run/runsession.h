#pragma once

#include "engine/runcontroller.h"
#include "engine/runrequestbuilder.h"
#include "files/artifactstore.h"
#include "model/diagnosticparser.h"
#include "settings/enginesettings.h"

#include <QObject>

#include <memory>
#include <optional>

namespace Sandpit::Core {
struct Language;
}

namespace Sandpit::Ui {

/// The window's one current run. It turns the editor's text into a RunRequest and remembers
/// the run id it got back. A run it replaces is abandoned (RunController::abandon), and the
/// controller drops every later event of it, so what arrives here is the current run's: a late
/// event of a replaced run can never land in the panes. Events of runs it did not start (the
/// window's REPL on the same controller) are left to their own client.
class RunSession final : public QObject
{
    Q_OBJECT
public:
    RunSession(Core::RunController &controller, const Core::EngineSettings &settings, QObject *parent = nullptr);

    /// The window's request for `code`, with stdin open for the input line; `fileName` is the
    /// file's own name, or empty for the language's default ("main.py", "Main.java").
    static Core::RunRequestBuilder requestBuilder(const Core::Language *language, const QString &fileName,
                                                  const QString &code, const Core::EngineSettings &settings);

    bool isActive() const { return m_current != 0; }
    QString backend() const { return m_settings.backend; }
    Core::RunId currentId() const { return m_current; }
    /// Whether the current run takes typed input (as inputOpenChanged() last said).
    bool isInputOpen() const { return m_inputOpen; }
    /// Finds places in the current run's sources, with its language's formats: how the engine
    /// reads the run's diagnostics, for the output pane's links (set before runStarting).
    const Core::DiagnosticParser &placeReader() const { return m_placeReader; }

public Q_SLOTS:
    /// Cancels the current run, if any, then starts this one. An empty program or a file type
    /// Sandpit does not know (`language` null) fails at once, without reaching the engine.
    void run(const Sandpit::Core::Language *language, const QString &fileName, const QString &code);
    /// Runs the program in the named sandbox `sandbox` (on `backend`) instead of a fresh one:
    /// its /work, its processes and its limits, never the tab's input files or kept folder.
    void runInSandbox(const Sandpit::Core::Language *language, const QString &fileName, const QString &code,
                      const QString &sandbox, const QString &backend);
    /// As run(), with `stdinData` as the program's whole input: stdin ends after it, as a
    /// judge feeds a program. With `expectedStdout`, the result carries the verdict
    /// (RunResult::outputCheck) before any pane sees it.
    void runWithInput(const Sandpit::Core::Language *language, const QString &fileName, const QString &code,
                      const QByteArray &stdinData, const std::optional<QByteArray> &expectedStdout = std::nullopt);
    void stop();
    /// The backend of the next run: "local" or "docker".
    void setBackend(const QString &backendId);
    /// The weakest isolation the next runs may fall back to (RunRequest::weakestIsolation).
    void setAllowWeaker(Sandpit::Core::IsolationReport::Level weakest) { m_settings.allowWeaker = weakest; }
    /// The backend, Docker fallback and limits of the next run (Settings…).
    void setEngineSettings(const Sandpit::Core::EngineSettings &settings) { m_settings = settings; }
    /// What the next runs copy into their workspace, the folder they keep it in (empty: a
    /// fresh workspace each run), and the program's command-line arguments.
    void setWorkspace(const QList<Sandpit::Core::InputFile> &inputFiles, const QString &keptWorkspace,
                      const QStringList &arguments);
    void writeInput(const QByteArray &data);
    void closeInput();

Q_SIGNALS:
    /// The user asked for a run (it may yet fail at once): from here on, the run in progress,
    /// if any, is no longer current.
    void runRequested();
    /// A run was handed to the engine; `description` names it, e.g. "main.py (Python)".
    void runStarting(const QString &description);
    void outputReceived(Sandpit::Core::OutputStream stream, const QByteArray &data);
    /// While the current run goes: the files in its output folder so far.
    void artifactsListed(const Sandpit::Core::ArtifactListing &listing);
    void runFinished(const Sandpit::Core::RunResult &result);
    /// With runFinished: the request that started the run too, for the run history.
    void runCompleted(const Sandpit::Core::RunRequest &request, const Sandpit::Core::RunResult &result);
    void runFailed(const Sandpit::Core::RunError &error);
    void activeChanged(bool active);
    /// Whether the current run's stdin takes typed input: false with no run, and for a run
    /// of an input set, whose stdin ended after the set.
    void inputOpenChanged(bool open);

private:
    void start(const Core::Language *language, const QString &fileName, const QString &code,
               const std::optional<QByteArray> &stdinData, const std::optional<QByteArray> &expectedStdout);
    void onOutput(Core::OutputStream stream, const QByteArray &data);
    void onFinished(const Core::RunResult &result);
    void onFailed(const Core::RunError &error);
    void fail(Core::RunError::Code code, const QString &message);
    void setCurrent(Core::RunId id);

    Core::RunController &m_controller;
    Core::EngineSettings m_settings;
    Core::RunId m_current = 0; // 0: no run
    // Holds a copy of the last run's artifacts for the Artifacts pane, removed when the next
    // run's are kept and when the session (and the runs it started) are gone.
    std::shared_ptr<Core::ArtifactStore> m_artifactStore = std::make_shared<Core::ArtifactStore>();
    Core::RunRequest m_request;           // the current run's
    Core::DiagnosticParser m_placeReader; // the current run's
    QList<Core::InputFile> m_inputFiles;
    QString m_keptWorkspace;
    QStringList m_arguments;
    /// The named sandbox the run being started goes to (runInSandbox()); empty: a fresh one.
    struct {
        QString name;
        QString backend;
    } m_sandbox;
    bool m_stdinOpen = false;                   // whether the last run started keeps stdin open
    bool m_inputOpen = false;                   // as last told by inputOpenChanged()
    std::optional<QByteArray> m_expectedStdout; // the current run's, when it is checked
    QByteArray m_stdout;                        // the current run's, while it is checked
};

} // namespace Sandpit::Ui
