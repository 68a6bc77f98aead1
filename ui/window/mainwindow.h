#pragma once

#include "exercises/exercisesettings.h"
#include "model/terminalsize.h"
#include "settings/historysettings.h"

#include <QMainWindow>

#include <functional>

class QAction;
class QDialog;
class QDockWidget;
class QLabel;
class QMenu;

namespace Sandpit::Core {
struct Language;
}

namespace Sandpit::Core {
class CheckController;
struct InputSet;
struct RunRecord;
class Doctor;
class RunController;
class LanguageRegistry;
struct EngineSettings;
} // namespace Sandpit::Core

namespace Sandpit::Ui {

class ArtifactsPane;
class AttachmentSession;
class AttachmentsPane;
class DiagnosticsList;
class AutosaveSession;
class EditActions;
class FindBar;
class PresentationMode;
class RecentFilesMenu;
class TabBanners;
class TabRuns;
class ThemeController;
struct AppliedSettings;
class DocumentTab;
class DocumentTabs;
class RecoveryOffer;
class SessionKeeper;
class HistoryPane;
class SandboxesPane;
class HistoryStore;
class ImagePullSession;
class InputSetSession;
class InputSetPackMaker;
class BackendSwitch;
class CheckPane;
class CheckSession;
class ExercisesMenu;
class ExercisesPane;
struct OpenExercise;
class IsolationIndicator;
class WeakerSandboxBadge;
class WeakerSandboxOffer;
class LanguageMenu;
class OutputPane;
class TerminalPane;
class ReplSession;
class RunPane;
class RunSession;
class SaveFirstOffer;
struct OutputSettings;

/// The playground window. It only builds the tabs, panes and actions and connects them; runs
/// belong to RunSession, files to each tab's DocumentFile, autosave to AutosaveSession.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    MainWindow(Core::RunController &controller, const Core::LanguageRegistry &languages,
               const Core::EngineSettings &settings, const Core::HistorySettings &history = Core::HistorySettings(),
               QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Reads `path` in the background and shows it in a tab once read (its own tab if it is
    /// open already); on failure a message says why and nothing else changes.
    void openFile(const QString &path);
    /// Reopens the files of the last session (when no file was named on the command line).
    void restoreSession();
    /// A quit with nobody to answer questions (a logout, SIGTERM): the session is saved as on
    /// File › Quit, and unsaved text stays in the journal instead of a "save changes?" box.
    void quitKeepingUnsaved();
    /// The output pane's settings, read beside the engine's.
    void setOutputSettings(const OutputSettings &settings);
    /// The exercise the learner opened (the Exercises pane's choice): its file in a tab, and
    /// Check (F7) and Run example for it.
    void openExercise(const Sandpit::Ui::OpenExercise &exercise);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    /// The tabs above the find bar, and the panes' object names (tests and presentation mode).
    void assembleCentral();
    /// The actions, in the menu bar.
    void createActions();
    void createFileMenu();
    void createRunMenu();
    void createViewMenu();
    void createHelpMenu();
    // Tools › Validate Pack… and Grade Submissions…, for course authors (mainwindowinstructor.cpp).
    void createToolsMenu();
    void validatePack();
    void gradeSubmissions();
    void showInstructorDialog(QDialog *dialog);
    /// An action named for tests and the shortcuts page, in `menu`, that calls `slot`.
    template<typename Slot>
    QAction *menuAction(QMenu *menu, const QString &name, const QString &text, const QList<QKeySequence> &keys,
                        Slot slot);
    void createToolBar();
    void createDocks();
    // The panes that follow a run (mainwindowruns.cpp).
    void connectRuns();
    void connectRunInput();
    void connectRunEnd();
    void connectPaneMessages();
    void connectInputSets();
    void connectImagePulls();
    void connectTabs();
    void connectHistory();
    void connectLanguages();
    void connectAttachments();
    void connectBackend(const Core::EngineSettings &settings);
    // Check of the open exercise (mainwindowchecks.cpp).
    void createCheckAction(QMenu *runMenu);
    void createCheckDock(QDockWidget *output);
    // The Terminal tab and its REPL (mainwindowterminal.cpp).
    void createReplActions(QMenu *runMenu);
    void createTerminalDock(QDockWidget *output);
    void createSandboxesDock(QDockWidget *output);
    void connectSandboxes();
    void connectRepl();
    /// The REPL of the tab in front, with its program run first if `runFileFirst`.
    void openRepl(bool runFileFirst);
    /// The Terminal tab in front, with the keys; the size of its terminal.
    Core::TerminalSize showTerminal();
    void showReplAvailability(const Core::Language *language);
    // The Exercises pane and File › Exercises (mainwindowexercises.cpp).
    void createExercisesDock();
    /// `pane` in a dock of its own called `name`, closable, listed in the View menu.
    QDockWidget *addPaneDock(const QString &name, const QString &title, QWidget *pane, Qt::DockWidgetArea area);
    void connectExercises();
    /// Shows the starter the pane just wrote in the learner's tab, as one edit Undo takes back.
    void showRestoredStarter(const Sandpit::Ui::OpenExercise &exercise, const QByteArray &starter,
                             const QString &keptCopy);
    void connectChecks();
    /// Saves the learner's file if it has changes, then checks it.
    void check();
    /// The open exercise's example test `testName`, run on the learner's file in the Output pane.
    void runExample(const QString &testName);
    void stopRunOrCheck();
    /// Stop is there while a run, a Check or the REPL runs.
    void updateStopAction();
    /// Input sets → exercise: the pack made from `program`'s sets, opened with `program` as
    /// the learner's file (an author checks the program against its new tests).
    void openMadePack(const QString &folder, const QString &program);
    /// The backend switch, the languages it can run and the weaker-sandbox badge.
    void showEngineSettings(const Core::EngineSettings &settings);
    /// The size, place and docks of the last session.
    void restoreLayout();
    void setUpPresentation();

    DocumentTab *tab() const;
    void chooseFileToOpen();
    void run();
    /// Run › Program Arguments…: the Input Files pane, with the cursor in its arguments field.
    void editProgramArguments();
    /// One input set's run of `program`, in that program's tab.
    void runInputSet(const Core::InputSet &set, const QString &program);
    void allowWeaker(Core::IsolationReport::Level weakest, bool remember);
    /// Opens a recorded run's code in a new tab, unsaved.
    void restoreRun(const Core::RunRecord &record);
    void chooseInputSet();
    /// Run all sets, for the program in front (saved first, if it is not).
    void runAllInputSets();
    /// The title, language and attachments follow the tab in front.
    void showCurrentTab();
    void showProblem(const QString &title, const QString &text);
    /// Each new tab's editor: the theme, the zoom, the editor font, the recent files.
    void adoptTab(DocumentTab *tab);
    void showSettings();
    void applySettings(const AppliedSettings &settings);

    const Core::LanguageRegistry &m_languages;
    // First: it reads the desktop's palette before anything sets Sandpit's own.
    ThemeController *m_themes;
    PresentationMode *m_presentation;
    DocumentTabs *m_tabs;
    AutosaveSession *m_autosave;
    SessionKeeper *m_sessionKeeper;
    RecoveryOffer *m_recovery;
    TabBanners *m_banners;
    FindBar *m_findBar;
    EditActions *m_editActions = nullptr;
    RecentFilesMenu *m_recentFiles = nullptr;
    RunSession *m_session;
    ImagePullSession *m_pulls;
    InputSetSession *m_inputSets;
    SaveFirstOffer *m_saveFirst;
    OutputPane *m_output;
    TerminalPane *m_terminal;
    ReplSession *m_repl;
    RunPane *m_runPane;
    TabRuns *m_tabRuns;
    ArtifactsPane *m_artifacts;
    AttachmentSession *m_attachments;
    AttachmentsPane *m_attachmentsPane;
    HistoryStore *m_historyStore;
    HistoryPane *m_history;
    SandboxesPane *m_sandboxes;
    DiagnosticsList *m_problems;
    LanguageMenu *m_languageMenu;
    BackendSwitch *m_backend;
    IsolationIndicator *m_isolation;
    WeakerSandboxBadge *m_weakerBadge;
    WeakerSandboxOffer *m_weakerOffer;
    Core::Doctor *m_doctor;                   // its checks run on a thread of its own
    Core::CheckController *m_checkController; // its tests run on a worker thread of its own
    Core::ExerciseSettings m_exerciseSettings;
    CheckSession *m_checks;
    ExercisesPane *m_exercises;
    ExercisesMenu *m_exercisesMenu;
    CheckPane *m_checkPane;
    InputSetPackMaker *m_packMaker;
    QLabel *m_languageLabel;

    QAction *m_runAction = nullptr;
    QAction *m_runWithInputAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_escapeStopAction = nullptr; ///< Esc: a run or a Check, never the REPL
    bool m_checkRunning = false;           ///< CheckSession::runningChanged's last word
    QAction *m_openReplAction = nullptr;
    QAction *m_runInReplAction = nullptr;
    QAction *m_replToolAction = nullptr; ///< the toolbar's Open REPL, hidden while presenting
    QAction *m_checkAction = nullptr;
    QAction *m_checkToolAction = nullptr; ///< the toolbar's Check, shown only while an exercise is open
    QMenu *m_viewMenu = nullptr;
    QDockWidget *m_problemsDock = nullptr;

    bool m_closeConfirmed = false;
    bool m_layoutRestored = false; ///< the docks have the sizes of the last session
};

} // namespace Sandpit::Ui
