#pragma once

#include "languages/languagefwd.h"

#include <QTabWidget>

#include <functional>

namespace Sandpit::Ui {

class DocumentTab;
class EditorWidget;

/// The editor's tabs, one program each. A file is opened in the tab that already shows it, in
/// the current tab when nobody has typed there yet, or else in a new tab; closing a tab with
/// unsaved changes asks first. Files dropped on the tabs or an editor are opened.
class DocumentTabs final : public QTabWidget
{
    Q_OBJECT
public:
    explicit DocumentTabs(const Core::LanguageRegistry &languages, QWidget *parent = nullptr);

    DocumentTab *current() const;
    QList<DocumentTab *> tabs() const;
    DocumentTab *tabForPath(const QString &path) const;

    /// A new tab in front, with `languageId`'s template.
    DocumentTab *newTab(const QString &languageId = QStringLiteral("python"));
    /// A tab for new text: the current one if untouched, else a new one.
    DocumentTab *freshTab();
    /// Shows `path`: its tab if it is open, else it is read into a fresh tab.
    void openFile(const QString &path, int line = 0, int column = 0);
    /// Asks about unsaved changes, then closes the tab (a last tab is replaced by a new one).
    void requestClose(DocumentTab *tab);
    /// Closes it without asking: the learner already chose.
    void closeTab(DocumentTab *tab);
    /// The tabs with unsaved changes.
    QList<DocumentTab *> modifiedTabs() const;

Q_SIGNALS:
    void currentTabChanged(Sandpit::Ui::DocumentTab *tab);
    void tabAdded(Sandpit::Ui::DocumentTab *tab);
    /// Its title, modified state, recovered mark or run state changed.
    void tabUpdated(Sandpit::Ui::DocumentTab *tab);
    /// Closed on purpose (its text was saved or discarded); it is deleted later.
    void tabClosed(Sandpit::Ui::DocumentTab *tab);
    void message(const QString &text);
    void problem(const QString &title, const QString &text);
    void filesDropped(const QStringList &paths);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    DocumentTab *addDocumentTab();
    void updateAppearance(DocumentTab *tab);

    const Core::LanguageRegistry &m_languages;
    DocumentTab *m_leaving = nullptr; // the last tab while it is being closed
};

} // namespace Sandpit::Ui
