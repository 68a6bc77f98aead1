// The terminal fed on a thread of its own: what the frames it hands over build on the GUI
// side (screen, cursor, scrollback) is what the terminal itself shows, through output,
// resizes that push lines to the scrollback and take them back, merged frames and a reset.
// The feeder is driven here on the test's thread, as its own thread would call it.

#include "terminal/terminalfeeder.h"
#include "terminal/terminalimage.h"

#include <QTest>

using namespace Sandpit;
using Ui::TerminalFeeder;
using Ui::TerminalImage;
using Ui::TerminalScreen;

namespace {
/// A feeder, the GUI side's image of it, and a terminal fed the same as the reference.
struct Fed {
    TerminalFeeder feeder{{20, 5}};
    TerminalScreen terminal{{20, 5}};
    TerminalImage image{{20, 5}};

    void output(const QByteArray &bytes)
    {
        feeder.add(bytes);
        terminal.feed(bytes);
    }
    void resize(Core::TerminalSize size)
    {
        feeder.resize(size);
        terminal.resize(size);
        image.resize(size);
    }
};
} // namespace

class TestTerminalFeeder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framesShowWhatTheTerminalShows();
    void resizesMoveLinesBothWays();
    void aWaitingFrameTakesTheNextOneIn();
    void aResetEmptiesTheScrollback();
    void keyModesTravelWithTheFrame();

private:
    static QByteArray numbered(int from, int count);
    static void take(TerminalFeeder &feeder, TerminalImage &image);
    static QStringList shown(const auto &screen);
};

QByteArray TestTerminalFeeder::numbered(int from, int count)
{
    QByteArray out;
    for (int i = from; i < from + count; ++i)
        out += "line " + QByteArray::number(i) + "\r\n";
    return out;
}

void TestTerminalFeeder::take(TerminalFeeder &feeder, TerminalImage &image)
{
    feeder.feedAll();
    std::optional<Ui::TerminalFrame> frame = feeder.takeFrame();
    QVERIFY(frame.has_value());
    image.apply(std::move(*frame));
    feeder.frameTaken();
}

QStringList TestTerminalFeeder::shown(const auto &screen)
{
    QStringList lines{QString::number(screen.linesPushed())};
    for (int row = -screen.scrollbackLines(); row < screen.size().rows; ++row)
        lines.append(screen.lineText(row));
    lines.append(QStringLiteral("cursor %1,%2").arg(screen.cursor().x()).arg(screen.cursor().y()));
    return lines;
}

void TestTerminalFeeder::framesShowWhatTheTerminalShows()
{
    Fed fed;
    fed.output(numbered(0, 30) + "\x1b[31m>>> \x1b[0mx");
    take(fed.feeder, fed.image);
    QCOMPARE(shown(fed.image), shown(fed.terminal));
    QCOMPARE(fed.image.line(4).first().style, fed.terminal.line(4).first().style);
}

void TestTerminalFeeder::resizesMoveLinesBothWays()
{
    Fed fed;
    fed.output(numbered(0, 30));
    take(fed.feeder, fed.image);
    // More rows take lines back from the scrollback, fewer push them to it.
    for (const Core::TerminalSize size : {Core::TerminalSize{20, 12}, Core::TerminalSize{20, 3}}) {
        const int before = fed.terminal.scrollbackLines();
        fed.resize(size);
        QCOMPARE(fed.terminal.scrollbackLines() < before, size.rows > 5);
        take(fed.feeder, fed.image);
        QCOMPARE(shown(fed.image), shown(fed.terminal));
    }
}

void TestTerminalFeeder::aWaitingFrameTakesTheNextOneIn()
{
    Fed fed;
    fed.output(numbered(0, 10));
    take(fed.feeder, fed.image);
    // A resize's frame waits untaken while more output and another resize arrive.
    fed.resize({20, 9});
    fed.output(numbered(10, 3));
    fed.feeder.feedAll();
    fed.resize({20, 4});
    take(fed.feeder, fed.image);
    QCOMPARE(shown(fed.image), shown(fed.terminal));
}

void TestTerminalFeeder::aResetEmptiesTheScrollback()
{
    TerminalFeeder feeder({20, 5});
    TerminalImage image({20, 5});
    feeder.add(numbered(0, 30));
    take(feeder, image);
    QVERIFY(image.scrollbackLines() > 0);
    feeder.reset(1);
    feeder.add("new program\r\n");
    take(feeder, image);
    QCOMPARE(image.scrollbackLines(), 0);
    QCOMPARE(image.lineText(0), QStringLiteral("new program"));
    QCOMPARE(image.cursor(), QPoint(0, 1));
}

void TestTerminalFeeder::keyModesTravelWithTheFrame()
{
    TerminalFeeder feeder({20, 5});
    feeder.add("\x1b[?1h\x1b[?2004h");
    feeder.feedAll();
    const TerminalScreen::KeyModes modes = feeder.takeFrame()->keyModes;
    QVERIFY(modes.applicationCursor);
    QVERIFY(modes.bracketedPaste);
    QVERIFY(!modes.applicationKeypad);
    // A screen that only turns keys into bytes follows them.
    TerminalScreen keys;
    keys.setKeyModes(modes);
    QCOMPARE(keys.keyModes(), modes);
    QVERIFY(keys.sendKey(Qt::Key_Up, Qt::NoModifier, {}));
    QCOMPARE(keys.takeBytesToSend(), QByteArray("\x1bOA"));
}

QTEST_GUILESS_MAIN(TestTerminalFeeder)
#include "tst_terminalfeeder.moc"
