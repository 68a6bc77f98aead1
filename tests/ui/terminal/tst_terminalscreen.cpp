// The terminal's state on libvterm, fed bytes as a program on a pty writes them: what the
// screen then shows, in which colours, where the cursor is, and what scrolled off.

#include "output/styleformats.h"
#include "terminal/terminalscreen.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using Ui::TerminalScreen;
using Ui::TextStyle;

class TestTerminalScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textShowsWhereTheCursorWrites();
    void sgrColoursAndAttributesReachTheCells();
    void cursorMovesAsTheSequencesSay();
    void lineEditingRedrawsTheLine();
    void splitSequencesAndCharactersLoseNothing();
    void linesScrolledOffGoToTheScrollback();
    void scrollbackIsBounded();
    void resizeKeepsTheTextAndMovesLinesToTheScrollback();
    void selectionTextSpansLines();
    void deviceStatusReportIsAnswered();
    void bracketedPasteOnlyWhenAsked();
    void feedingSignalsDamageOncePerFeed();
};

void TestTerminalScreen::textShowsWhereTheCursorWrites()
{
    TerminalScreen screen({20, 5});
    screen.feed(">>> 2 + 3\r\n5\r\n>>> ");
    QCOMPARE(screen.lineText(0), QStringLiteral(">>> 2 + 3"));
    QCOMPARE(screen.lineText(1), QStringLiteral("5"));
    QCOMPARE(screen.lineText(2), QStringLiteral(">>>"));
    QCOMPARE(screen.cursor(), QPoint(4, 2));
    // Without "\r" a bare "\n" only moves down, as on a real terminal (the pty adds the "\r").
    screen.feed("a\nb");
    QCOMPARE(screen.lineText(2), QStringLiteral(">>> a"));
    QCOMPARE(screen.lineText(3), QStringLiteral("     b"));
}

void TestTerminalScreen::sgrColoursAndAttributesReachTheCells()
{
    TerminalScreen screen({20, 3});
    screen.feed("\x1b[1;31mred\x1b[0m \x1b[38;2;1;2;3;44mrgb\x1b[0m \x1b[4;7mx");
    const Ui::TerminalLine line = screen.line(0);
    QCOMPARE(line[0].text, QStringLiteral("r"));
    QVERIFY(line[0].style.bold);
    QCOMPARE(line[0].style.foreground.type, TextStyle::ColorType::Indexed);
    QCOMPARE(line[0].style.foreground.value, 1u);
    QCOMPARE(Ui::StyleFormats::color(line[0].style.foreground), QColor(0xcc, 0x00, 0x00));
    QCOMPARE(line[3].style, TextStyle()); // reset: the theme's colours
    QCOMPARE(line[4].style.foreground.type, TextStyle::ColorType::Rgb);
    QCOMPARE(line[4].style.foreground.value, 0x010203u);
    QCOMPARE(line[4].style.background.value, 4u);
    QVERIFY(!line[4].style.bold);
    QVERIFY(line[8].style.underline);
    QVERIFY(line[8].style.inverse);
}

void TestTerminalScreen::cursorMovesAsTheSequencesSay()
{
    TerminalScreen screen({20, 5});
    screen.feed("\x1b[3;5H");
    QCOMPARE(screen.cursor(), QPoint(4, 2));
    screen.feed("\x1b[2A\x1b[3C");
    QCOMPARE(screen.cursor(), QPoint(7, 0));
    screen.feed("\x1b[?25l");
    QVERIFY(!screen.isCursorVisible());
    screen.feed("\x1b[?25h");
    QVERIFY(screen.isCursorVisible());
}

void TestTerminalScreen::lineEditingRedrawsTheLine()
{
    // What readline sends when the learner types "prnt", goes left twice and inserts "i":
    // the rest of the line again, then the cursor back.
    TerminalScreen screen({30, 3});
    screen.feed(">>> prnt");
    screen.feed("\b\b");
    screen.feed("int\b\b");
    QCOMPARE(screen.lineText(0), QStringLiteral(">>> print"));
    QCOMPARE(screen.cursor(), QPoint(7, 0));
    // Up arrow in the history: erase the line's end and write the older entry.
    screen.feed("\r\x1b[K>>> len(x)");
    QCOMPARE(screen.lineText(0), QStringLiteral(">>> len(x)"));
    // Backspace at the end: back, blank, back.
    screen.feed("\b \b");
    QCOMPARE(screen.lineText(0), QStringLiteral(">>> len(x"));
}

void TestTerminalScreen::splitSequencesAndCharactersLoseNothing()
{
    TerminalScreen screen({20, 3});
    const QByteArray bytes = QStringLiteral("\x1b[32mgrün ✓\x1b[0m").toUtf8();
    for (char byte : bytes)
        screen.feed(QByteArrayView(&byte, 1));
    QCOMPARE(screen.lineText(0), QStringLiteral("grün ✓"));
    QCOMPARE(screen.line(0)[0].style.foreground.value, 2u);
}

void TestTerminalScreen::linesScrolledOffGoToTheScrollback()
{
    TerminalScreen screen({10, 3});
    QSignalSpy scrolled(&screen, &TerminalScreen::scrollbackChanged);
    screen.feed("one\r\ntwo\r\nthree\r\nfour\r\nfive");
    QCOMPARE(screen.scrollbackLines(), 2);
    QCOMPARE(screen.lineText(-2), QStringLiteral("one"));
    QCOMPARE(screen.lineText(-1), QStringLiteral("two"));
    QCOMPARE(screen.lineText(0), QStringLiteral("three"));
    QCOMPARE(screen.lineText(2), QStringLiteral("five"));
    QCOMPARE(screen.linesPushed(), 2);
    QVERIFY(!scrolled.isEmpty());
}

void TestTerminalScreen::scrollbackIsBounded()
{
    TerminalScreen screen({10, 2});
    QByteArray flood;
    for (int i = 0; i < TerminalScreen::kMaxScrollback + 500; ++i)
        flood += QByteArray::number(i) + "\r\n";
    screen.feed(flood);
    QCOMPARE(screen.scrollbackLines(), TerminalScreen::kMaxScrollback);
    // The newest lines are kept, the oldest went; the last number is on the screen, above
    // the empty line its "\r\n" began.
    QCOMPARE(screen.lineText(0), QString::number(TerminalScreen::kMaxScrollback + 499));
    QCOMPARE(screen.lineText(-1), QString::number(TerminalScreen::kMaxScrollback + 498));
    QCOMPARE(screen.lineText(-TerminalScreen::kMaxScrollback), QStringLiteral("499"));
}

void TestTerminalScreen::resizeKeepsTheTextAndMovesLinesToTheScrollback()
{
    TerminalScreen screen({10, 4});
    screen.feed("a\r\nb\r\nc\r\nd");
    screen.resize({12, 2});
    QCOMPARE(screen.size(), (Core::TerminalSize{12, 2}));
    QCOMPARE(screen.lineText(0), QStringLiteral("c"));
    QCOMPARE(screen.lineText(1), QStringLiteral("d"));
    QCOMPARE(screen.lineText(-1), QStringLiteral("b"));
    QCOMPARE(screen.cursor(), QPoint(1, 1));
    // Taller again: the lines come back from the scrollback.
    screen.resize({12, 4});
    QCOMPARE(screen.lineText(0), QStringLiteral("a"));
    QCOMPARE(screen.lineText(3), QStringLiteral("d"));
    QCOMPARE(screen.scrollbackLines(), 0);
}

void TestTerminalScreen::selectionTextSpansLines()
{
    TerminalScreen screen({10, 3});
    screen.feed("hello\r\nworld   \r\nbye");
    QCOMPARE(screen.text(0, 2, 2, 1), QStringLiteral("llo\nworld\nby"));
}

void TestTerminalScreen::deviceStatusReportIsAnswered()
{
    // A program asking where the cursor is (a prompt library does) gets an answer, or it waits.
    TerminalScreen screen({10, 3});
    QSignalSpy toSend(&screen, &TerminalScreen::bytesToSend);
    screen.feed("ab\x1b[6n");
    QCOMPARE(toSend.count(), 1);
    QCOMPARE(screen.takeBytesToSend(), QByteArray("\x1b[1;3R"));
}

void TestTerminalScreen::bracketedPasteOnlyWhenAsked()
{
    TerminalScreen screen({10, 3});
    screen.paste(QStringLiteral("x = 1\ny = 2\n"));
    QCOMPARE(screen.takeBytesToSend(), QByteArray("x = 1\ry = 2\r"));
    screen.feed("\x1b[?2004h"); // what readline asks for
    screen.paste(QStringLiteral("x = 1\n"));
    QCOMPARE(screen.takeBytesToSend(), QByteArray("\x1b[200~x = 1\r\x1b[201~"));
}

void TestTerminalScreen::feedingSignalsDamageOncePerFeed()
{
    TerminalScreen screen({10, 3});
    QSignalSpy damaged(&screen, &TerminalScreen::damaged);
    screen.feed(QByteArray("y\r\n").repeated(1000));
    QCOMPARE(damaged.count(), 1);
    QCOMPARE(damaged.first().at(0).toInt(), 0);
    QCOMPARE(damaged.first().at(1).toInt(), 2);
}

QTEST_GUILESS_MAIN(TestTerminalScreen)
#include "tst_terminalscreen.moc"
