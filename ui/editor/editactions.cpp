#include "editor/editactions.h"

#include "editor/blockedits.h"
#include "editor/editorwidget.h"
#include "editor/findbar.h"
#include "editor/gotolinedialog.h"
#include "window/namedaction.h"

#include <QAction>
#include <QMenu>

namespace Sandpit::Ui {

namespace {
// Actions whose keys QScintilla binds to commands of its own (Ctrl+/ is "word part left",
// Ctrl+[ and Ctrl+] "paragraph up/down"). A bound key is taken by the editor before the
// window sees it, so these keys are unbound in each editor. Undo and the clipboard keep the
// editor's bindings: they do the same thing there.
const QStringList kTakenFromEditor{
    QStringLiteral("actionFind"),         QStringLiteral("actionReplace"),  QStringLiteral("actionFindNext"),
    QStringLiteral("actionFindPrevious"), QStringLiteral("actionGoToLine"), QStringLiteral("actionToggleComment"),
    QStringLiteral("actionIndent"),       QStringLiteral("actionUnindent"),
};

void unbind(QsciCommandSet *commands, const QKeySequence &sequence)
{
    if (sequence.isEmpty())
        return;
    const int key = sequence[0].toCombined();
    while (QsciCommand *command = commands->boundTo(key)) {
        if (command->key() == key)
            command->setKey(0);
        else
            command->setAlternateKey(0);
    }
}
} // namespace

EditActions::EditActions(QWidget *window, FindBar *findBar, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_findBar(findBar)
    , m_menu(new QMenu(QStringLiteral("&Edit"), window))
{
    m_menu->setObjectName(QStringLiteral("editMenu"));
    const auto onEditor = [this](void (QsciScintilla::*slot)()) {
        return [this, slot] {
            if (m_editor)
                (m_editor->*slot)();
        };
    };
    m_undo = add(QStringLiteral("actionUndo"), QStringLiteral("&Undo"), {QKeySequence::Undo});
    connect(m_undo, &QAction::triggered, this, onEditor(&QsciScintilla::undo));
    m_redo = add(QStringLiteral("actionRedo"), QStringLiteral("&Redo"),
                 {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    connect(m_redo, &QAction::triggered, this, onEditor(&QsciScintilla::redo));
    m_menu->addSeparator();
    m_cut = add(QStringLiteral("actionCut"), QStringLiteral("Cu&t"), {QKeySequence::Cut});
    connect(m_cut, &QAction::triggered, this, onEditor(&QsciScintilla::cut));
    m_copy = add(QStringLiteral("actionCopy"), QStringLiteral("&Copy"), {QKeySequence::Copy});
    connect(m_copy, &QAction::triggered, this, onEditor(&QsciScintilla::copy));
    connect(add(QStringLiteral("actionPaste"), QStringLiteral("&Paste"), {QKeySequence::Paste}), &QAction::triggered,
            this, onEditor(&QsciScintilla::paste));
    connect(add(QStringLiteral("actionSelectAll"), QStringLiteral("Select &All"), {QKeySequence::SelectAll}),
            &QAction::triggered, this, [this] {
                if (m_editor)
                    m_editor->selectAll();
            });
    m_menu->addSeparator();
    connect(add(QStringLiteral("actionFind"), QStringLiteral("&Find…"), {QKeySequence(Qt::CTRL | Qt::Key_F)}),
            &QAction::triggered, m_findBar, &FindBar::openFind);
    connect(add(QStringLiteral("actionReplace"), QStringLiteral("R&eplace…"), {QKeySequence(Qt::CTRL | Qt::Key_H)}),
            &QAction::triggered, m_findBar, &FindBar::openReplace);
    connect(add(QStringLiteral("actionFindNext"), QStringLiteral("Find &Next"), {QKeySequence(Qt::Key_F3)}),
            &QAction::triggered, m_findBar, &FindBar::findNext);
    connect(add(QStringLiteral("actionFindPrevious"), QStringLiteral("Find Pre&vious"),
                {QKeySequence(Qt::SHIFT | Qt::Key_F3)}),
            &QAction::triggered, m_findBar, &FindBar::findPrevious);
    // Ctrl+G as in Thonny (and most editors); Ctrl+L is QScintilla's "cut line".
    connect(add(QStringLiteral("actionGoToLine"), QStringLiteral("&Go to Line…"), {QKeySequence(Qt::CTRL | Qt::Key_G)}),
            &QAction::triggered, this, &EditActions::goToLine);
    m_menu->addSeparator();
    connect(add(QStringLiteral("actionToggleComment"), QStringLiteral("Toggle Co&mment"),
                {QKeySequence(Qt::CTRL | Qt::Key_Slash)}),
            &QAction::triggered, this, &EditActions::toggleComment);
    connect(
        add(QStringLiteral("actionIndent"), QStringLiteral("&Indent"), {QKeySequence(Qt::CTRL | Qt::Key_BracketRight)}),
        &QAction::triggered, this, &EditActions::indent);
    connect(add(QStringLiteral("actionUnindent"), QStringLiteral("Unin&dent"),
                {QKeySequence(Qt::CTRL | Qt::Key_BracketLeft)}),
            &QAction::triggered, this, &EditActions::unindent);
    connect(m_menu, &QMenu::aboutToShow, this, &EditActions::updateEnabled);
    m_window->addActions(m_actions);
    updateEnabled();
}

EditActions::~EditActions() = default;

QAction *EditActions::add(const QString &name, const QString &text, const QList<QKeySequence> &keys)
{
    QAction *action = namedAction(name, text, keys, m_menu);
    m_actions << action;
    return action;
}

void EditActions::setEditor(EditorWidget *editor)
{
    for (const auto &connection : std::as_const(m_editorConnections))
        disconnect(connection);
    m_editorConnections.clear();
    m_editor = editor;
    m_findBar->setEditor(editor);
    if (editor) {
        for (const QAction *action : std::as_const(m_actions)) {
            if (kTakenFromEditor.contains(action->objectName())) {
                for (const QKeySequence &key : action->shortcuts())
                    unbind(editor->standardCommands(), key);
            }
        }
        m_editorConnections << connect(editor, &QsciScintilla::textChanged, this, &EditActions::updateEnabled)
                            << connect(editor, &QsciScintilla::copyAvailable, this, &EditActions::updateEnabled);
    }
    updateEnabled();
}

void EditActions::updateEnabled()
{
    for (QAction *action : std::as_const(m_actions))
        action->setEnabled(!m_editor.isNull());
    if (!m_editor)
        return;
    m_undo->setEnabled(m_editor->isUndoAvailable());
    m_redo->setEnabled(m_editor->isRedoAvailable());
    m_cut->setEnabled(m_editor->hasSelectedText() && !m_editor->isReadOnly());
    m_copy->setEnabled(m_editor->hasSelectedText());
}

void EditActions::goToLine()
{
    if (!m_editor)
        return;
    if (!m_goToLine) {
        m_goToLine = new GoToLineDialog(m_window);
        connect(m_goToLine, &GoToLineDialog::lineChosen, this, [this](int line, int column) {
            if (m_editor)
                m_editor->goTo(line, column);
        });
    }
    int line = 0, index = 0;
    m_editor->getCursorPosition(&line, &index);
    m_goToLine->setRange(m_editor->lines(), line + 1);
    m_goToLine->open();
}

void EditActions::toggleComment()
{
    if (!m_editor)
        return;
    if (m_editor->lineComment().isEmpty()) {
        Q_EMIT message(QStringLiteral("This file is plain text, which has no comments: choose a language first."));
        return;
    }
    BlockEdits::toggleComment(*m_editor, m_editor->lineComment());
}

void EditActions::indent()
{
    if (m_editor)
        BlockEdits::indent(*m_editor);
}

void EditActions::unindent()
{
    if (m_editor)
        BlockEdits::unindent(*m_editor);
}

} // namespace Sandpit::Ui
