// The Edit menu's actions on the current editor: comments in each language's own syntax,
// indentation, Go to Line with its checks, and the keys the editor must leave to the window.

#include "editor/editactions.h"
#include "editor/editorwidget.h"
#include "editor/findbar.h"
#include "editor/gotolinedialog.h"
#include "languages/languageregistry.h"
#include "support/editorwindow.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>

using namespace Sandpit;

class TestEditActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void everyActionHasANameAndTheMenu();
    void commentsPythonAtTheSmallestIndent();
    void commentsCAndUncommentsEitherSpacing();
    void mixedBlockIsCommented();
    void toggleCommentIsOneUndoStep();
    void plainTextHasNoComments();
    void indentAndUnindentUseTheLanguageWidth();
    void shortcutsReachTheWindowFromTheEditor();
    void goToLineChecksTheNumber();
    void goToLineMovesTheCursor();
    void currentLineAndBracesAreHighlighted();
    void noEditorDisablesTheActions();

private:
    QAction *action(const char *name) const { return m_window->findChild<QAction *>(QLatin1String(name)); }
    void setCode(const char *language, const QString &code);

    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
    std::unique_ptr<EditorWindow> m_frame;
    QWidget *m_window = nullptr;
    Ui::EditorWidget *m_editor = nullptr;
    Ui::EditActions *m_actions = nullptr;
};

void TestEditActions::init()
{
    m_frame = std::make_unique<EditorWindow>();
    m_window = m_frame->window.get();
    m_editor = m_frame->editor;
    m_actions = new Ui::EditActions(m_window, m_frame->bar, m_window);
    m_actions->setEditor(m_editor);
    QVERIFY(m_frame->showActive(QSize(600, 400)));
}

void TestEditActions::cleanup()
{
    m_frame.reset();
}

void TestEditActions::setCode(const char *language, const QString &code)
{
    m_editor->setLanguage(language ? m_languages.find(QLatin1String(language)) : nullptr);
    m_editor->setText(code);
}

void TestEditActions::everyActionHasANameAndTheMenu()
{
    const QStringList expected{
        QStringLiteral("actionUndo"),         QStringLiteral("actionRedo"),     QStringLiteral("actionCut"),
        QStringLiteral("actionCopy"),         QStringLiteral("actionPaste"),    QStringLiteral("actionSelectAll"),
        QStringLiteral("actionFind"),         QStringLiteral("actionReplace"),  QStringLiteral("actionFindNext"),
        QStringLiteral("actionFindPrevious"), QStringLiteral("actionGoToLine"), QStringLiteral("actionToggleComment"),
        QStringLiteral("actionIndent"),       QStringLiteral("actionUnindent"),
    };
    QStringList names;
    for (QAction *a : m_actions->actions()) {
        names << a->objectName();
        QVERIFY2(!a->shortcuts().isEmpty(), qPrintable(a->objectName()));
        QVERIFY(m_actions->menu()->actions().contains(a));
    }
    QCOMPARE(names, expected);
    QCOMPARE(action("actionGoToLine")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_G));
    QCOMPARE(action("actionToggleComment")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Slash));
}

void TestEditActions::commentsPythonAtTheSmallestIndent()
{
    setCode("python", QStringLiteral("def f():\n    if x:\n        y()\n\n    return 1\n"));
    m_editor->setSelection(1, 2, 4, 3); // from inside line 2 to inside line 5
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("def f():\n    # if x:\n    #     y()\n\n    # return 1\n"));
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("def f():\n    if x:\n        y()\n\n    return 1\n"));
}

void TestEditActions::commentsCAndUncommentsEitherSpacing()
{
    setCode("c", QStringLiteral("int main(void)\n{\n    //int a;\n    // int b;\n}\n"));
    m_editor->setSelection(2, 0, 4, 0); // ends at the start of line 5: that line is not part of it
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("int main(void)\n{\n    int a;\n    int b;\n}\n"));
    m_editor->setCursorPosition(0, 3); // no selection: the cursor's line
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("// int main(void)\n{\n    int a;\n    int b;\n}\n"));
    setCode("bash", QStringLiteral("echo hi\n"));
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("# echo hi\n"));
}

void TestEditActions::mixedBlockIsCommented()
{
    setCode("python", QStringLiteral("# a = 1\nb = 2\n"));
    m_editor->selectAll();
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("# # a = 1\n# b = 2\n"));
}

void TestEditActions::toggleCommentIsOneUndoStep()
{
    const QString code = QStringLiteral("a = 1\nb = 2\nc = 3\n");
    setCode("python", code);
    m_editor->selectAll();
    action("actionToggleComment")->trigger();
    QVERIFY(m_editor->text() != code);
    action("actionUndo")->trigger();
    QCOMPARE(m_editor->text(), code);
    action("actionRedo")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("# a = 1\n# b = 2\n# c = 3\n"));
}

void TestEditActions::plainTextHasNoComments()
{
    setCode(nullptr, QStringLiteral("notes\n"));
    QSignalSpy messages(m_actions, &Ui::EditActions::message);
    action("actionToggleComment")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("notes\n"));
    QCOMPARE(messages.size(), 1);
}

void TestEditActions::indentAndUnindentUseTheLanguageWidth()
{
    setCode("python", QStringLiteral("if x:\ny()\n\nz()\n  w()\n"));
    m_editor->setSelection(1, 0, 4, 1);
    action("actionIndent")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("if x:\n    y()\n\n    z()\n      w()\n"));
    action("actionUnindent")->trigger();
    action("actionUnindent")->trigger(); // nothing left to take from the first lines
    QCOMPARE(m_editor->text(), QStringLiteral("if x:\ny()\n\nz()\nw()\n"));
    action("actionUndo")->trigger();
    QCOMPARE(m_editor->text(), QStringLiteral("if x:\ny()\n\nz()\n  w()\n"));
}

void TestEditActions::shortcutsReachTheWindowFromTheEditor()
{
    // QScintilla binds Ctrl+/ and Ctrl+] to commands of its own; the window's actions win.
    setCode("python", QStringLiteral("x = 1\n"));
    m_editor->setFocus();
    QTRY_VERIFY(m_editor->hasFocus());
    QTest::keyClick(m_editor, Qt::Key_Slash, Qt::ControlModifier);
    QCOMPARE(m_editor->text(), QStringLiteral("# x = 1\n"));
    QTest::keyClick(m_editor, Qt::Key_BracketRight, Qt::ControlModifier);
    QCOMPARE(m_editor->text(), QStringLiteral("    # x = 1\n"));
    QTest::keyClick(m_editor, Qt::Key_BracketLeft, Qt::ControlModifier);
    QCOMPARE(m_editor->text(), QStringLiteral("# x = 1\n"));
    QTest::keyClick(m_editor, Qt::Key_Z, Qt::ControlModifier); // the editor's own undo
    QCOMPARE(m_editor->text(), QStringLiteral("    # x = 1\n"));
    QTest::keyClick(m_editor, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(m_window->findChild<QLineEdit *>(QStringLiteral("findField"))->hasFocus());
}

void TestEditActions::goToLineChecksTheNumber()
{
    using Dialog = Ui::GoToLineDialog;
    QCOMPARE(Dialog::parse(QStringLiteral("3"), 5).problem, QString());
    QCOMPARE(Dialog::parse(QStringLiteral(" 2:7 "), 5).column, 7);
    QCOMPARE(Dialog::parse(QStringLiteral("9"), 5).problem,
             QStringLiteral("There is no line 9: the program has 5 lines. Type a line number from 1 to 5."));
    QVERIFY(Dialog::parse(QStringLiteral("0"), 5).problem.startsWith(QStringLiteral("There is no line 0")));
    QVERIFY(Dialog::parse(QStringLiteral("ten"), 5).problem.contains(QStringLiteral("is not a line number")));
    QVERIFY(!Dialog::parse(QString(), 5).problem.isEmpty());

    setCode("python", QStringLiteral("a\nb\nc\n"));
    action("actionGoToLine")->trigger();
    auto *dialog = m_window->findChild<Dialog *>(QStringLiteral("goToLineDialog"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *field = dialog->findChild<QLineEdit *>(QStringLiteral("lineField"));
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    field->setText(QStringLiteral("40"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("lineMessage"))->text().contains(QStringLiteral("no line 40")));
    QTest::keyClick(field, Qt::Key_Return); // refused: the dialog stays
    QVERIFY(dialog->isVisible());

    // Escape closes the dialog, and is not the window's Stop (Escape, application-wide).
    auto *stop = new QAction(QStringLiteral("Stop"), m_window);
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    stop->setShortcutContext(Qt::ApplicationShortcut);
    m_window->addAction(stop);
    QSignalSpy stops(stop, &QAction::triggered);
    QTRY_VERIFY(field->hasFocus());
    QTest::keyClick(field, Qt::Key_Escape);
    QTRY_VERIFY(!dialog->isVisible());
    QCOMPARE(stops.size(), 0);
}

void TestEditActions::goToLineMovesTheCursor()
{
    setCode("python", QStringLiteral("a = 1\nb = 2\n    c = 3\n"));
    action("actionGoToLine")->trigger();
    auto *dialog = m_window->findChild<Ui::GoToLineDialog *>(QStringLiteral("goToLineDialog"));
    QTRY_VERIFY(dialog && dialog->isVisible());
    auto *field = dialog->findChild<QLineEdit *>(QStringLiteral("lineField"));
    QCOMPARE(field->text(), QStringLiteral("1")); // the current line, to type over
    field->setText(QStringLiteral("3"));
    QTest::keyClick(field, Qt::Key_Return);
    QTRY_VERIFY(!dialog->isVisible());
    int line = -1, index = -1;
    m_editor->getCursorPosition(&line, &index);
    QCOMPARE(line, 2);
    QCOMPARE(index, 4); // the line's first character, past the indentation
}

void TestEditActions::currentLineAndBracesAreHighlighted()
{
    setCode("python", QStringLiteral("print((1))\n"));
    QVERIFY(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCARETLINEVISIBLE));
    QCOMPARE(m_editor->braceMatching(), QsciScintilla::SloppyBraceMatch);
    const QColor yellow(0xff, 0xf5, 0x9d);
    m_editor->setCaretLineColour(yellow);
    // A language change brings a new lexer; the colour stays.
    m_editor->setLanguage(m_languages.find(QStringLiteral("c")));
    const long back = m_editor->SendScintilla(QsciScintillaBase::SCI_GETCARETLINEBACK);
    QCOMPARE(QColor(back & 0xff, (back >> 8) & 0xff, (back >> 16) & 0xff), yellow);
    QCOMPARE(m_editor->caretLineColour(), yellow);
}

void TestEditActions::noEditorDisablesTheActions()
{
    m_actions->setEditor(nullptr);
    QVERIFY(!action("actionToggleComment")->isEnabled());
    QVERIFY(!action("actionFind")->isEnabled());
    action("actionGoToLine")->trigger(); // nothing to go in: nothing happens
    QVERIFY(!m_window->findChild<Ui::GoToLineDialog *>());
    m_actions->setEditor(m_editor);
    QVERIFY(action("actionToggleComment")->isEnabled());
}

QTEST_MAIN(TestEditActions)
#include "tst_editactions.moc"
