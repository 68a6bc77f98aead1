// The find bar: counts, stepping, replacing (with groups, as one undo step), the plain-words
// problems, and Escape, which the bar takes before the window's Stop action can.

#include "editor/editorwidget.h"
#include "editor/findbar.h"
#include "support/editorwindow.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Sandpit;

class TestFindBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void regexCountsAndSteps();
    void plainTextFindsSpecialCharacters();
    void badRegexIsExplained();
    void notFoundTurnsTheFieldRed();
    void wholeWordAndMatchCase();
    void replaceAllWithGroupsIsOneUndoStep();
    void replaceOneMovesToTheNextMatch();
    void emptyMatchesCanBeReplaced();
    void replacementSyntax_data();
    void replacementSyntax();
    void countStopsAtTheCap();
    void nonAsciiTextIsSelectedExactly();
    void countFollowsEdits();
    void escapeClosesTheBarNotTheRun();
    void selectionSeedsTheField();
    void followsTheCurrentEditor();

private:
    void search(const QString &text, bool regex = false);
    QLineEdit *field(const char *name) const { return m_bar->findChild<QLineEdit *>(QLatin1String(name)); }
    QToolButton *toggle(const char *name) const { return m_bar->findChild<QToolButton *>(QLatin1String(name)); }

    std::unique_ptr<EditorWindow> m_frame;
    Ui::EditorWidget *m_editor = nullptr;
    Ui::FindBar *m_bar = nullptr;
    QAction *m_stop = nullptr;
};

void TestFindBar::init()
{
    m_frame = std::make_unique<EditorWindow>();
    m_editor = m_frame->editor;
    m_bar = m_frame->bar;
    m_bar->setEditor(m_editor);
    // As the window's Stop: Escape, application-wide.
    m_stop = new QAction(QStringLiteral("Stop"), m_frame->window.get());
    m_stop->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_F2), QKeySequence(Qt::Key_Escape)});
    m_stop->setShortcutContext(Qt::ApplicationShortcut);
    m_frame->window->addAction(m_stop);
    QVERIFY(m_frame->showActive(QSize(700, 400)));
}

void TestFindBar::cleanup()
{
    m_frame.reset();
}

void TestFindBar::search(const QString &text, bool regex)
{
    if (!m_bar->isVisible())
        m_bar->openFind();
    toggle("regexToggle")->setChecked(regex);
    QLineEdit *find = field("findField");
    find->clear();
    // As typed: the bar searches as the text changes. (QTest types ASCII only.)
    if (std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; }))
        QTest::keyClicks(find, text);
    else
        find->insert(text);
}

void TestFindBar::regexCountsAndSteps()
{
    m_editor->setText(QStringLiteral("a1 b22 c333\nd4\n"));
    search(QStringLiteral("\\d+"), true);
    QCOMPARE(m_bar->matchCount(), 4);
    QCOMPARE(m_bar->statusText(), QStringLiteral("1 of 4"));
    QCOMPARE(m_editor->selectedText(), QStringLiteral("1"));
    m_bar->findNext();
    QCOMPARE(m_bar->statusText(), QStringLiteral("2 of 4"));
    QCOMPARE(m_editor->selectedText(), QStringLiteral("22"));
    QTest::keyClick(field("findField"), Qt::Key_Return); // Enter is Next
    QCOMPARE(m_editor->selectedText(), QStringLiteral("333"));
    QTest::keyClick(field("findField"), Qt::Key_Return, Qt::ShiftModifier); // Shift+Enter is Previous
    m_bar->findPrevious();
    m_bar->findPrevious(); // past the first: wraps to the last
    QCOMPARE(m_bar->statusText(), QStringLiteral("4 of 4"));
    QCOMPARE(m_editor->selectedText(), QStringLiteral("4"));
}

void TestFindBar::plainTextFindsSpecialCharacters()
{
    m_editor->setText(QStringLiteral("print(a.b)\nprint(axb)\n"));
    search(QStringLiteral("a.b"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("1 of 1"));
    search(QStringLiteral("a.b"), true);
    QCOMPARE(m_bar->matchCount(), 2);
}

void TestFindBar::badRegexIsExplained()
{
    m_editor->setText(QStringLiteral("f(x)\n"));
    search(QStringLiteral("f(x"), true);
    QVERIFY2(m_bar->statusText().startsWith(QStringLiteral("Not a valid regular expression: ")),
             qPrintable(m_bar->statusText()));
    QVERIFY2(m_bar->statusText().contains(QStringLiteral("parenthes")), qPrintable(m_bar->statusText()));
    QVERIFY2(m_bar->statusText().endsWith(QStringLiteral("(at the end).")), qPrintable(m_bar->statusText()));
    search(QStringLiteral("a)b"), true);
    QVERIFY2(m_bar->statusText().endsWith(QStringLiteral("(at character 2).")), qPrintable(m_bar->statusText()));
    search(QStringLiteral("f(x"), true);
    QVERIFY(field("findField")->property("problem").toBool());
    // The same text, not as a regular expression, is simply found.
    toggle("regexToggle")->setChecked(false);
    QCOMPARE(m_bar->statusText(), QStringLiteral("1 of 1"));
    QVERIFY(!field("findField")->property("problem").toBool());
}

void TestFindBar::notFoundTurnsTheFieldRed()
{
    m_editor->setText(QStringLiteral("total = 0\n"));
    search(QStringLiteral("totl"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("No matches"));
    QVERIFY(field("findField")->property("problem").toBool());
    QVERIFY(!field("findField")->styleSheet().isEmpty());
    QVERIFY(!m_bar->findChild<QWidget *>(QStringLiteral("replaceAllButton"))->isEnabled());
    m_bar->findNext(); // nothing to step to, and nothing breaks
    QCOMPARE(m_bar->statusText(), QStringLiteral("No matches"));
    QTest::keyClick(field("findField"), Qt::Key_Backspace);
    QTest::keyClick(field("findField"), Qt::Key_Backspace);
    QTest::keyClicks(field("findField"), QStringLiteral("tal"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("1 of 1"));
    QVERIFY(!field("findField")->property("problem").toBool());
}

void TestFindBar::wholeWordAndMatchCase()
{
    m_editor->setText(QStringLiteral("i = 1\nfor i in items: print(i)\nPrint PRINT\n"));
    search(QStringLiteral("i"));
    QCOMPARE(m_bar->matchCount(), 8);
    toggle("wholeWordToggle")->setChecked(true);
    QCOMPARE(m_bar->matchCount(), 3);
    toggle("wholeWordToggle")->setChecked(false);
    search(QStringLiteral("print"));
    QCOMPARE(m_bar->matchCount(), 3);
    toggle("matchCaseToggle")->setChecked(true);
    QCOMPARE(m_bar->matchCount(), 1);
    toggle("matchCaseToggle")->setChecked(false);
}

void TestFindBar::replaceAllWithGroupsIsOneUndoStep()
{
    const QString original = QStringLiteral("swap(1, 2)\nswap(3, 4)\nkeep(5, 6)\n");
    m_editor->setText(original);
    m_bar->openReplace();
    QVERIFY(m_bar->isReplaceShown());
    search(QStringLiteral("swap\\((\\d+), (\\d+)\\)"), true);
    field("replaceField")->setText(QStringLiteral("swap($2, \\1)"));
    m_bar->replaceAll();
    QCOMPARE(m_editor->text(), QStringLiteral("swap(2, 1)\nswap(4, 3)\nkeep(5, 6)\n"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("Replaced 2 matches"));
    m_editor->undo();
    QCOMPARE(m_editor->text(), original);
}

void TestFindBar::replaceOneMovesToTheNextMatch()
{
    m_editor->setText(QStringLiteral("cat cat cat\n"));
    m_bar->openReplace();
    search(QStringLiteral("cat"));
    field("replaceField")->setText(QStringLiteral("cat and dog"));
    QTest::keyClick(field("replaceField"), Qt::Key_Return); // Enter in the replace field replaces
    QCOMPARE(m_editor->text(), QStringLiteral("cat and dog cat cat\n"));
    // The next match is the old second one, not the "cat" just written.
    QCOMPARE(m_bar->statusText(), QStringLiteral("2 of 3"));
    QCOMPARE(m_editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART), 12L);
}

void TestFindBar::emptyMatchesCanBeReplaced()
{
    m_editor->setText(QStringLiteral("a\nb\n"));
    m_bar->openReplace();
    search(QStringLiteral("^"), true);
    QCOMPARE(m_bar->matchCount(), 2);
    field("replaceField")->setText(QStringLiteral("> "));
    m_bar->replaceAll();
    QCOMPARE(m_editor->text(), QStringLiteral("> a\n> b\n"));
}

void TestFindBar::replacementSyntax_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("replace");
    QTest::addColumn<QString>("expected");
    // A row a line, as a table reads.
    // clang-format off
    QTest::newRow("backslash group") << "(\\w+)=(\\w+)" << "\\2=\\1" << "b=a";
    QTest::newRow("dollar group") << "(\\w+)=(\\w+)" << "$2=$1" << "b=a";
    QTest::newRow("named group") << "(?<key>\\w+)=\\w+" << "${key}" << "a";
    QTest::newRow("$10 with two groups is $1 then 0") << "(\\w+)=(\\w+)" << "$10" << "a0";
    QTest::newRow("literal dollar and backslash") << "a=b" << "$$ \\\\" << "$ \\";
    QTest::newRow("new line and tab") << "=" << "\\n\\t" << "a\n\tb";
    QTest::newRow("whole match") << "\\w=\\w" << "[$0]" << "[a=b]";
    // clang-format on
}

void TestFindBar::replacementSyntax()
{
    QFETCH(QString, pattern);
    QFETCH(QString, replace);
    QFETCH(QString, expected);
    const Ui::TextSearch search({pattern, true, false, false});
    QVERIFY2(search.isValid(), qPrintable(search.error()));
    const QString text = QStringLiteral("a=b");
    const QList<Ui::SearchMatch> matches = search.findAll(text);
    QCOMPARE(matches.size(), 1);
    QString result = text;
    result.replace(matches.first().start, matches.first().length, search.replacement(matches.first(), replace));
    QCOMPARE(result, expected);
}

void TestFindBar::countStopsAtTheCap()
{
    // "x" everywhere in a long text: the count stops, and says so, rather than stall the window.
    m_editor->setText(QString(Ui::TextSearch::kMaxMatches + 10, QLatin1Char('x')));
    search(QStringLiteral("x"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("1 of %1+").arg(Ui::TextSearch::kMaxMatches));
}

void TestFindBar::nonAsciiTextIsSelectedExactly()
{
    // Scintilla counts bytes: a selection computed in characters would drift after "é".
    m_editor->setText(QStringLiteral("héllo wörld 😀 héllo\n"));
    search(QStringLiteral("héllo"));
    m_bar->findNext();
    QCOMPARE(m_bar->statusText(), QStringLiteral("2 of 2"));
    QCOMPARE(m_editor->selectedText(), QStringLiteral("héllo"));
    m_bar->openReplace();
    field("replaceField")->setText(QStringLiteral("hi"));
    m_bar->replaceAll();
    QCOMPARE(m_editor->text(), QStringLiteral("hi wörld 😀 hi\n"));
}

void TestFindBar::countFollowsEdits()
{
    m_editor->setText(QStringLiteral("x = 1\n"));
    search(QStringLiteral("x"));
    QCOMPARE(m_bar->matchCount(), 1);
    m_editor->append(QStringLiteral("x = x + 1\n"));
    QTRY_COMPARE(m_bar->matchCount(), 3);
    QTRY_COMPARE(m_bar->statusText(), QStringLiteral("1 of 3"));
}

void TestFindBar::escapeClosesTheBarNotTheRun()
{
    QSignalSpy stops(m_stop, &QAction::triggered);
    m_editor->setFocus();
    QTRY_VERIFY(m_editor->hasFocus());
    QTest::keyClick(m_editor, Qt::Key_Escape); // the control: from the editor, Escape stops
    QCOMPARE(stops.size(), 1);

    m_editor->setText(QStringLiteral("spam\n"));
    search(QStringLiteral("spam"));
    QTRY_VERIFY(field("findField")->hasFocus());
    QTest::keyClick(field("findField"), Qt::Key_Escape);
    QVERIFY(!m_bar->isVisible());
    QCOMPARE(stops.size(), 1);
    QTRY_VERIFY(m_editor->hasFocus());

    // From a toggle of the bar too.
    m_bar->openFind();
    toggle("regexToggle")->setFocus();
    QTRY_VERIFY(toggle("regexToggle")->hasFocus());
    QTest::keyClick(toggle("regexToggle"), Qt::Key_Escape);
    QVERIFY(!m_bar->isVisible());
    QCOMPARE(stops.size(), 1);
}

void TestFindBar::selectionSeedsTheField()
{
    m_editor->setText(QStringLiteral("alpha beta alpha\nalpha.b\n"));
    m_editor->setSelection(0, 11, 0, 16); // the second "alpha"
    m_bar->openFind();
    QCOMPARE(field("findField")->text(), QStringLiteral("alpha"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("2 of 3")); // the selection is the current match
    QCOMPARE(QApplication::focusWidget(), field("findField"));

    // As a regular expression, the selection is found literally.
    toggle("regexToggle")->setChecked(true);
    m_editor->setSelection(1, 0, 1, 7);
    m_bar->openFind();
    QCOMPARE(field("findField")->text(), QStringLiteral("alpha\\.b"));
    QCOMPARE(m_bar->statusText(), QStringLiteral("1 of 1"));

    // A selection over lines is a block, not a search term: the field keeps what it had.
    m_editor->setSelection(0, 0, 1, 3);
    m_bar->openFind();
    QCOMPARE(field("findField")->text(), QStringLiteral("alpha\\.b"));
}

void TestFindBar::followsTheCurrentEditor()
{
    m_editor->setText(QStringLiteral("one one\n"));
    search(QStringLiteral("one"));
    QCOMPARE(m_bar->matchCount(), 2);
    m_editor->setCursorPosition(0, 0);
    auto *second = new Ui::EditorWidget(m_frame->window.get());
    second->setText(QStringLiteral("one one one\n"));
    m_bar->setEditor(second);
    QCOMPARE(m_bar->matchCount(), 3);
    m_bar->findNext();
    QCOMPARE(second->selectedText(), QStringLiteral("one"));
    QVERIFY(!m_editor->hasSelectedText());
    delete second; // a closed tab: the bar has nothing to search, and says nothing wrong
    m_bar->findNext();
    QCOMPARE(m_bar->matchCount(), 0);
}

QTEST_MAIN(TestFindBar)
#include "tst_findbar.moc"
