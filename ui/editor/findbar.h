#pragma once

#include "editor/textsearch.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;
class QToolButton;

namespace Sandpit::Ui {

class EditorWidget;

/// Find and replace under the editor, as in a browser: it counts the matches ("3 of 12"), says
/// "No matches" or what is wrong with a regular expression, and replaces with \1 or $1.
/// It works on whichever editor setEditor() gave it last.
class FindBar final : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget *parent = nullptr);
    ~FindBar() override;

    /// The editor to search; nullptr leaves the bar with nothing to search.
    void setEditor(EditorWidget *editor);
    EditorWidget *editor() const { return m_editor; }

    /// What the status line says ("3 of 12", "No matches", a regular expression's problem).
    QString statusText() const;
    int matchCount() const { return int(m_matches.size()); }
    bool isReplaceShown() const;

public Q_SLOTS:
    /// Shows the bar with the find field focused, taking the editor's selection (one line of it)
    /// as the text to find.
    void openFind();
    /// The same, with the replace field shown.
    void openReplace();
    void findNext();
    void findPrevious();
    /// Replaces the selected match and selects the next; without a selected match, finds one.
    void replaceOne();
    /// Replaces every match as one undo step.
    void replaceAll();
    /// Hides the bar, clears the highlights and gives the focus back to the editor.
    void closeBar();

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void open(bool withReplace);
    SearchQuery query() const;
    /// Searches again if the text or the query changed since the last search.
    void refresh();
    /// Selects the first match at or after `from`, or the first of all.
    void selectFrom(qsizetype from);
    void step(bool forward);
    void select(const SearchMatch &match);
    /// The match the editor's selection is exactly, or -1.
    int selectedMatch() const;
    void showStatus();
    void highlightMatches();
    void clearHighlights(EditorWidget *editor);

    QPointer<EditorWidget> m_editor;
    QLineEdit *m_find;
    QLineEdit *m_replace;
    QWidget *m_replaceRow;
    QToolButton *m_regex;
    QToolButton *m_matchCase;
    QToolButton *m_wholeWord;
    QPushButton *m_replaceOne;
    QPushButton *m_replaceAll;
    QLabel *m_status;
    QTimer *m_refreshTimer;

    TextSearch m_search;
    QString m_text;         // what m_matches were found in
    quint64 m_revision = 0; // the editor's revision of m_text
    bool m_stale = true;
    QList<SearchMatch> m_matches;
    int m_current = -1;     // the selected match, for "3 of 12"
    qsizetype m_anchor = 0; // where typing in the find field searches from
    QString m_note;         // "Replaced 12 matches", until the next search
    QMetaObject::Connection m_textChanged;
};

} // namespace Sandpit::Ui
