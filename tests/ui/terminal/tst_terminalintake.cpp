// What waits for the terminal in a flood: plain lines that would scroll out of the scrollback
// unseen are skipped, and the screen still ends as if every byte had been fed.

#include "terminal/terminalintake.h"
#include "terminal/terminalscreen.h"

#include <QTest>

using namespace Sandpit;
using Ui::TerminalIntake;
using Ui::TerminalScreen;

class TestTerminalIntake : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aPlainFloodIsSkippedDownToWhatCanBeSeen();
    void skippedOrNotTheScreenEndsTheSame();
    void escapeSequencesAreNeverSkipped();
    void noSkipInTheMiddleOfALine();
    void slicesEndAtALine();

private:
    /// Feeds everything in `intake` to `screen` as the view does, skipping first.
    static qsizetype feed(TerminalIntake &intake, TerminalScreen &screen);
    static QStringList shown(const TerminalScreen &screen);
};

qsizetype TestTerminalIntake::feed(TerminalIntake &intake, TerminalScreen &screen)
{
    qsizetype skipped = 0;
    while (!intake.isEmpty()) {
        skipped += intake.skipUnseen(TerminalScreen::kMaxScrollback + screen.size().rows);
        screen.feed(intake.take(16 * 1024));
    }
    return skipped;
}

QStringList TestTerminalIntake::shown(const TerminalScreen &screen)
{
    QStringList lines;
    for (int row = -screen.scrollbackLines(); row < screen.size().rows; ++row)
        lines.append(screen.lineText(row));
    return lines;
}

void TestTerminalIntake::aPlainFloodIsSkippedDownToWhatCanBeSeen()
{
    TerminalIntake intake;
    TerminalScreen screen({40, 10});
    // Chunks as the engine hands them over: a line may end in the next one.
    const QByteArray flood = QByteArray("yes, a line\r\n").repeated(100'000);
    for (qsizetype at = 0; at < flood.size(); at += 65'000)
        intake.add(flood.mid(at, 65'000));
    const qsizetype skipped = feed(intake, screen);
    QVERIFY2(skipped > flood.size() * 9 / 10, qPrintable(QString::number(skipped)));
    QCOMPARE(screen.scrollbackLines(), TerminalScreen::kMaxScrollback);
}

void TestTerminalIntake::skippedOrNotTheScreenEndsTheSame()
{
    QByteArray flood = "\x1b[32mgreen from here\r\n";
    for (int i = 0; i < 20'000; ++i)
        flood += "line " + QByteArray::number(i) + "\tand a tab\r\n";
    flood += "prompt> ";
    TerminalIntake intake;
    for (qsizetype at = 0; at < flood.size(); at += 4'000)
        intake.add(flood.mid(at, 4'000));
    TerminalScreen skipping({30, 8});
    QVERIFY(feed(intake, skipping) > 0);
    TerminalScreen whole({30, 8});
    whole.feed(flood);
    QCOMPARE(shown(skipping), shown(whole));
    QCOMPARE(skipping.cursor(), whole.cursor());
    // The colour set before the skipped lines is still the pen's.
    QCOMPARE(skipping.line(skipping.cursor().y())[0].style, whole.line(whole.cursor().y())[0].style);
    QCOMPARE(skipping.line(skipping.cursor().y())[0].style.foreground.value, 2u);
}

void TestTerminalIntake::escapeSequencesAreNeverSkipped()
{
    // A progress bar redrawn in colour: every line changes state, nothing may go unread.
    TerminalIntake intake;
    intake.add(QByteArray("\x1b[1mbold\x1b[0m\r\n").repeated(10'000));
    TerminalScreen screen({20, 4});
    QCOMPARE(feed(intake, screen), 0);
}

void TestTerminalIntake::noSkipInTheMiddleOfALine()
{
    // The screen took half an escape sequence: what follows is not plain text to it.
    TerminalIntake intake;
    intake.add("\x1b[3");
    intake.add("1m" + QByteArray("x\r\n").repeated(10'000));
    TerminalScreen screen({20, 4});
    screen.feed(intake.take(3));
    QCOMPARE(intake.skipUnseen(10), 0);
}

void TestTerminalIntake::slicesEndAtALine()
{
    TerminalIntake intake;
    intake.add("first line\r\nsecond li");
    intake.add("ne\r\nthird");
    QCOMPARE(intake.take(15), QByteArray("first line\r\n"));
    QCOMPARE(intake.take(100), QByteArray("second line\r\nthird"));
    QVERIFY(intake.isEmpty());
}

QTEST_GUILESS_MAIN(TestTerminalIntake)
#include "tst_terminalintake.moc"
