#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QWidget;

namespace Sandpit::Ui {

class EditorWidget;
class FindBar;
class GoToLineDialog;

/// The Edit menu: undo and the clipboard, find and replace, go to line, comment and indent.
/// Every action works on the editor setEditor() gave it last (the current tab's).
class EditActions final : public QObject
{
    Q_OBJECT
public:
    /// `window` gets the actions (so their shortcuts work without the menu too) and parents the
    /// Go to Line dialog; `findBar` is the window's find bar.
    EditActions(QWidget *window, FindBar *findBar, QObject *parent = nullptr);
    ~EditActions() override;

    void setEditor(EditorWidget *editor);
    EditorWidget *editor() const { return m_editor; }

    QMenu *menu() const { return m_menu; }
    /// In menu order, each with an objectName ("actionFind", "actionToggleComment", ...).
    QList<QAction *> actions() const { return m_actions; }

public Q_SLOTS:
    void goToLine();
    void toggleComment();
    void indent();
    void unindent();

Q_SIGNALS:
    /// Something to say in the status bar ("Plain text has no line comments").
    void message(const QString &text);

private:
    QAction *add(const QString &name, const QString &text, const QList<QKeySequence> &keys);
    void updateEnabled();

    QWidget *m_window;
    FindBar *m_findBar;
    QMenu *m_menu;
    QList<QAction *> m_actions;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_cut = nullptr;
    QAction *m_copy = nullptr;
    QPointer<EditorWidget> m_editor;
    QPointer<GoToLineDialog> m_goToLine;
    QList<QMetaObject::Connection> m_editorConnections;
};

} // namespace Sandpit::Ui
