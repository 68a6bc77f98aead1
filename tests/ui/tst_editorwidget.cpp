// The editor: lexers chosen by language, and zoom.

#include "editorwidget.h"
#include "languageregistry.h"

#include <QApplication>
#include <QTest>
#include <QWheelEvent>

using namespace Sandpit;

class TestEditorWidget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lexerFollowsTheLanguage_data();
    void lexerFollowsTheLanguage();
    void unknownLanguageIsPlainText();
    void editingHelpersAreOn();
    void ctrlWheelZooms();
    void escapeIsLeftToTheWindow();
    void revisionCountsEdits();

private:
    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
};

namespace {
long zoomOf(Ui::EditorWidget &editor)
{
    return editor.SendScintilla(QsciScintillaBase::SCI_GETZOOM);
}

void wheel(Ui::EditorWidget &editor, int delta, Qt::KeyboardModifiers modifiers)
{
    const QPointF at(10, 10);
    QWheelEvent event(at, editor.viewport()->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(editor.viewport(), &event);
}
} // namespace

void TestEditorWidget::lexerFollowsTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("lexerClass");
    QTest::newRow("python") << "python" << "QsciLexerPython";
    QTest::newRow("bash") << "bash" << "QsciLexerBash";
    QTest::newRow("javascript") << "javascript" << "QsciLexerJavaScript";
    QTest::newRow("c") << "c" << "QsciLexerCPP";
}

void TestEditorWidget::lexerFollowsTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, lexerClass);
    Ui::EditorWidget editor;
    editor.setLanguage(m_languages.find(language));
    QVERIFY(editor.lexer());
    QCOMPARE(QString::fromLatin1(editor.lexer()->metaObject()->className()), lexerClass);
}

void TestEditorWidget::unknownLanguageIsPlainText()
{
    Ui::EditorWidget editor;
    editor.setLanguage(m_languages.find(QStringLiteral("python")));
    editor.setLanguage(nullptr);
    QVERIFY(!editor.lexer());
    QVERIFY(editor.lexerName().isEmpty());
}

void TestEditorWidget::editingHelpersAreOn()
{
    Ui::EditorWidget editor;
    editor.setLanguage(m_languages.find(QStringLiteral("python")));
    QVERIFY(editor.autoIndent());
    QCOMPARE(editor.braceMatching(), QsciScintilla::SloppyBraceMatch);
    QVERIFY(editor.marginWidth(0) > 0);
    QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_GETCARETLINEVISIBLE));
}

void TestEditorWidget::ctrlWheelZooms()
{
    Ui::EditorWidget editor;
    const long before = zoomOf(editor);
    wheel(editor, 120, Qt::ControlModifier);
    QVERIFY(zoomOf(editor) > before);
    wheel(editor, -120, Qt::ControlModifier);
    wheel(editor, -120, Qt::ControlModifier);
    QVERIFY(zoomOf(editor) < before);
    editor.resetZoom();
    QCOMPARE(zoomOf(editor), 0L);
}

void TestEditorWidget::escapeIsLeftToTheWindow()
{
    Ui::EditorWidget editor;
    QCOMPARE(editor.standardCommands()->boundTo(Qt::Key_Escape), nullptr);
}

void TestEditorWidget::revisionCountsEdits()
{
    Ui::EditorWidget editor;
    const quint64 before = editor.revision();
    editor.setText(QStringLiteral("x = 1\n"));
    QVERIFY(editor.revision() > before);
}

QTEST_MAIN(TestEditorWidget)
#include "tst_editorwidget.moc"
