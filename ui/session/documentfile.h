#pragma once

#include "languages/languagefwd.h"

#include <QObject>
#include <QString>

namespace Sandpit::Ui {

/// The file behind the editor: its path, its language (from the extension), and reading and
/// writing it on a worker thread so the window never waits for the disk.
class DocumentFile final : public QObject
{
    Q_OBJECT
public:
    DocumentFile(const Core::LanguageRegistry &languages, QObject *parent = nullptr);

    /// Empty for a new, never saved document.
    QString path() const { return m_path; }
    /// The file name, or "untitled.py" ("untitled-2.py", …) for a new document.
    QString displayName() const;
    /// The name a run gives the program: the file's, or the tab's for an unsaved document, so
    /// tracebacks, Problems and History say what the tab says.
    QString runName() const { return m_path.isEmpty() ? displayName() : m_path; }
    /// Tells this unsaved document apart from the others: 2 names it "untitled-2.py".
    void setUntitledNumber(int number);
    int untitledNumber() const { return m_untitledNumber; }
    /// Null for a file type Sandpit does not know (shown as plain text; it cannot run).
    const Core::Language *language() const { return m_language; }

    /// Forgets the path: a new document in `languageId` (or the first known language).
    void reset(const QString &languageId = QStringLiteral("python"));
    /// A new document, in the language `fileName`'s extension names (an example's, say).
    void resetLike(const QString &fileName);
    /// The language chosen in the menu, whatever the file's extension says (until the next
    /// open or save under another name).
    void setLanguage(const Core::Language *language);
    /// Names `path` as the document's file without reading it: its text comes from elsewhere
    /// (a recovered buffer whose edits never reached the file).
    void adopt(const QString &path);
    /// Reads `path`; opened() or openFailed() follows. A later open() supersedes this one.
    void open(const QString &path);
    /// Writes to the current path; `revision` comes back in saved() to tell if the editor
    /// changed meanwhile.
    void save(const QString &text, quint64 revision);
    void saveAs(const QString &path, const QString &text, quint64 revision);

Q_SIGNALS:
    /// `warning` is set when the file opened with losses (invalid UTF-8).
    void opened(const QString &text, const QString &warning);
    void openFailed(const QString &message);
    void saved(quint64 revision);
    void saveFailed(const QString &message);
    /// The path, and with it perhaps the language, changed; or the language was chosen.
    void pathChanged();

private:
    void setPath(const QString &path);

    const Core::LanguageRegistry &m_languages;
    QString m_path;
    const Core::Language *m_language = nullptr;
    int m_untitledNumber = 1;
    quint64 m_openSerial = 0;
};

} // namespace Sandpit::Ui
