#pragma once

#include "historysettings.h"

#include <QMainWindow>

#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace Sandpit::Core {
struct RunRecord;
class RunController;
class LanguageRegistry;
struct EngineSettings;
} // namespace Sandpit::Core

namespace Sandpit::Ui {

class ArtifactsPane;
class AttachmentSession;
class AttachmentsPane;
class DiagnosticsList;
class DocumentFile;
class EditorWidget;
class HistoryPane;
class HistoryStore;
class ImagePullSession;
class InputSetSession;
class BackendSwitch;
class IsolationIndicator;
class LanguageMenu;
class OutputPane;
class RunPane;
class RunSession;
struct OutputSettings;

/// The playground window. It only builds the editor, panes and actions and connects them;
/// runs belong to RunSession and files to DocumentFile.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    MainWindow(Core::RunController &controller, const Core::LanguageRegistry &languages,
               const Core::EngineSettings &settings, const Core::HistorySettings &history = Core::HistorySettings(),
               QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Reads `path` in the background and shows it once read; on failure the editor is left
    /// as it was and a message says why.
    void openFile(const QString &path);
    /// The output pane's settings, read beside the engine's.
    void setOutputSettings(const OutputSettings &settings);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    /// The actions, in the menu bar.
    void createActions();
    void createToolBar();
    void createDocks();
    void connectRuns();
    void connectDocument();
    void connectHistory();
    void connectLanguages();
    void connectAttachments();

    void newFile();
    void chooseFileToOpen();
    void save();
    void saveAs();
    void run();
    /// Opens a recorded run's code as a new, unsaved document (after the usual question if
    /// the editor has unsaved changes). There are no tabs: this is the window's one document.
    void restoreRun(const Core::RunRecord &record);
    void chooseInputSet();
    void updateTitle();
    /// Runs `proceed` now if the text is saved, else asks to save, discard or cancel.
    void whenTextIsSafe(std::function<void()> proceed);
    void showProblem(const QString &title, const QString &text);

    EditorWidget *m_editor;
    DocumentFile *m_document;
    RunSession *m_session;
    ImagePullSession *m_pulls;
    InputSetSession *m_inputSets;
    OutputPane *m_output;
    RunPane *m_runPane;
    ArtifactsPane *m_artifacts;
    AttachmentSession *m_attachments;
    AttachmentsPane *m_attachmentsPane;
    HistoryStore *m_historyStore;
    HistoryPane *m_history;
    DiagnosticsList *m_problems;
    LanguageMenu *m_languageMenu;
    BackendSwitch *m_backend;
    IsolationIndicator *m_isolation;
    QLabel *m_languageLabel;

    QAction *m_runAction = nullptr;
    QAction *m_runWithInputAction = nullptr;
    QAction *m_stopAction = nullptr;
    QMenu *m_viewMenu = nullptr;
    QDockWidget *m_problemsDock = nullptr;

    std::function<void()> m_afterSave; // what a "Save" answer to whenTextIsSafe() was for
    bool m_closeConfirmed = false;
};

} // namespace Sandpit::Ui
