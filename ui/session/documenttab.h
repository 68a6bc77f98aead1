#pragma once

#include "languages/languagefwd.h"

#include "model/diagnostic.h"
#include "run/lastrun.h"

#include <QWidget>

#include <functional>

class QVBoxLayout;

namespace Sandpit::Ui {

class DocumentFile;
class EditorWidget;

/// One tab: an editor, the file behind it, the banners shown above it (recovered text, a file
/// changed on disk) and the state of the last run of its program. It reads and writes its file
/// through DocumentFile and tells the window what happened with message() and problem().
class DocumentTab final : public QWidget
{
    Q_OBJECT
public:
    /// How its last run went, shown on the tab.
    enum class RunState { NotRun, Running, Succeeded, Stopped };

    DocumentTab(const Core::LanguageRegistry &languages, QWidget *parent = nullptr);

    EditorWidget *editor() const { return m_editor; }
    DocumentFile *document() const { return m_document; }
    /// Stable for the tab's life and across a recovery: the journal's name for this buffer.
    QString bufferId() const { return m_bufferId; }
    void setBufferId(const QString &id) { m_bufferId = id; }
    bool isModified() const;
    /// A new tab that nobody has typed in or is reading a file into: a file may take its place.
    bool isUntouched() const;
    /// The file being read into the tab, until it is shown (or cannot be).
    QString openingPath() const { return m_openingPath; }

    /// A new document with `languageId`'s template.
    void startNew(const QString &languageId);
    /// The program is in `language` from now on. A new, untouched program becomes the new
    /// language's template; typed text is never replaced.
    void chooseLanguage(const Core::Language *language);
    /// A new, saved-looking document named like `fileName` holding `text` (an example).
    void startFromText(const QString &fileName, const QString &text);
    /// Text that is not on disk (a recovered buffer or a restored run): unsaved on purpose.
    void showUnsavedText(const QString &filePath, const Core::Language *language, const QString &text);
    /// Reads `path` into the tab, then puts the cursor at `line`, `column` (from 0).
    void open(const QString &path, int line = 0, int column = 0);
    /// Saves to its file, or asks for a name first; `then` runs once it is on disk.
    void save(std::function<void()> then = nullptr);
    void saveAs(std::function<void()> then = nullptr);
    /// Runs `proceed` now if the text is saved, else asks to save, discard or cancel.
    void whenTextIsSafe(std::function<void()> proceed);

    /// A bar above the editor; the tab owns it until it is closed.
    void addBanner(QWidget *banner);
    void setRecovered(bool recovered);
    bool isRecovered() const { return m_recovered; }

    RunState runState() const { return m_runState; }
    /// The last run's problems, listed again when the tab comes back to the front.
    const QList<Core::Diagnostic> &lastDiagnostics() const { return m_lastDiagnostics; }
    void setRunning();
    /// `outcome` says how it ended in a few words ("Finished: exit code 0").
    void setFinished(bool succeeded, const QString &outcome, const QList<Core::Diagnostic> &diagnostics);
    /// What the Run pane shows while this tab is in front.
    const LastRun &lastRun() const { return m_lastRun; }
    void setLastRun(const LastRun &run) { m_lastRun = run; }
    /// One line for the tab's tooltip: the file and how its last run went.
    QString summary() const;

Q_SIGNALS:
    void message(const QString &text);
    void problem(const QString &title, const QString &text);
    /// Its title, modified state, recovered mark or run state changed.
    void appearanceChanged();
    /// Its path or language changed.
    void fileChanged();
    /// About to write `text` to `path` (so a watch on the file can tell this save from
    /// another program's), then written.
    void savingToDisk(const QString &path, const QString &text);
    void savedToDisk(const QString &path, const QString &text);
    void openedFromDisk(const QString &path, const QString &text);

private:
    void connectDocument();

    EditorWidget *m_editor;
    DocumentFile *m_document;
    QVBoxLayout *m_banners;
    QString m_bufferId;
    /// Writes the editor's text to `path` once no other write of this tab is in flight.
    void writeTo(const QString &path, std::function<void()> then);
    void saveFinished();

    QString m_savingPath;                       // the write in flight, if any
    QString m_savingText;                       // what it writes
    QList<std::function<void()>> m_savingThens; // what waits for it
    QString m_queuedPath;                       // the next write, asked for meanwhile
    QList<std::function<void()>> m_queuedThens;
    QString m_openingPath;
    int m_openLine = 0; // where the cursor goes once the file is read
    int m_openColumn = 0;
    bool m_recovered = false;
    RunState m_runState = RunState::NotRun;
    QString m_outcome;
    QList<Core::Diagnostic> m_lastDiagnostics;
    LastRun m_lastRun;
};

} // namespace Sandpit::Ui
