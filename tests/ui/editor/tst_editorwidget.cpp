// The editor: lexers chosen by language, zoom, and a run's diagnostics in the margin.

#include "editor/editorwidget.h"
#include "languages/languageregistry.h"

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
    void diagnosticsBecomeMarkersAndNotes();
    void diagnosticsOutsideTheTextAreIgnored();
    void goToMovesTheCursor();

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
    // A row a line, as a table reads.
    // clang-format off
    QTest::newRow("python") << "python" << "QsciLexerPython";
    QTest::newRow("bash") << "bash" << "QsciLexerBash";
    QTest::newRow("javascript") << "javascript" << "QsciLexerJavaScript";
    QTest::newRow("c") << "c" << "QsciLexerCPP";
    QTest::newRow("java") << "java" << "QsciLexerJava";
    QTest::newRow("rust") << "rust" << "Sandpit::Ui::RustLexer";
    // clang-format on
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

void TestEditorWidget::diagnosticsBecomeMarkersAndNotes()
{
    using Severity = Core::Diagnostic::Severity;
    using Ui::EditorWidget;
    EditorWidget editor;
    editor.setLanguage(m_languages.find(QStringLiteral("c")));
    editor.setText(QStringLiteral("int main(void)\n{\n    int unused;\n    return 0\n}\n"));
    editor.showDiagnostics(
        {{QStringLiteral("main.c"), 4, 13, Severity::Error, QStringLiteral("expected ';' before '}' token")},
         {QStringLiteral("main.c"), 3, 9, Severity::Warning, QStringLiteral("unused variable 'unused'")},
         {QStringLiteral("main.c"), 1, 0, Severity::Note, QStringLiteral("called from here")}});
    QCOMPARE(editor.markersAtLine(3), 1u << EditorWidget::ErrorMarker);
    QCOMPARE(editor.markersAtLine(2), 1u << EditorWidget::WarningMarker);
    QCOMPARE(editor.markersAtLine(0), 1u << EditorWidget::NoteMarker);
    QCOMPARE(editor.markersAtLine(1), 0u);
    QCOMPARE(editor.annotation(3), QStringLiteral("error: expected ';' before '}' token"));
    QCOMPARE(editor.annotation(2), QStringLiteral("warning: unused variable 'unused'"));
    QCOMPARE(editor.annotation(0), QString()); // a note is a marker only
    // A new run's diagnostics replace the last one's; clearing leaves nothing.
    editor.showDiagnostics({{QStringLiteral("main.c"), 2, 0, Severity::Error, QStringLiteral("x")}});
    QCOMPARE(editor.markersAtLine(3), 0u);
    QCOMPARE(editor.markersAtLine(1), 1u << EditorWidget::ErrorMarker);
    QCOMPARE(editor.annotation(3), QString());
    editor.clearDiagnostics();
    QCOMPARE(editor.markersAtLine(1), 0u);
    QCOMPARE(editor.annotation(1), QString());
}

void TestEditorWidget::diagnosticsOutsideTheTextAreIgnored()
{
    Ui::EditorWidget editor;
    editor.setText(QStringLiteral("print(1)\n"));
    editor.showDiagnostics(
        {{QStringLiteral("main.py"), 99, 1, Core::Diagnostic::Severity::Error, QStringLiteral("late")},
         {QStringLiteral("main.py"), 0, 0, Core::Diagnostic::Severity::Error, QStringLiteral("nowhere")}});
    for (int line = 0; line < editor.lines(); ++line)
        QCOMPARE(editor.markersAtLine(line), 0u);
}

void TestEditorWidget::goToMovesTheCursor()
{
    Ui::EditorWidget editor;
    editor.setText(QStringLiteral("a = 1\n\n    b = a / 0\n"));
    editor.goTo(3, 9);
    int line = -1, index = -1;
    editor.getCursorPosition(&line, &index);
    QCOMPARE(line, 2);
    QCOMPARE(index, 8);
    editor.goTo(3, 0); // no column: the line's first character
    editor.getCursorPosition(&line, &index);
    QCOMPARE(index, 4);
    editor.goTo(500, 1); // past the end: the last line
    editor.getCursorPosition(&line, &index);
    QCOMPARE(line, editor.lines() - 1);
}

QTEST_MAIN(TestEditorWidget)
#include "tst_editorwidget.moc"
