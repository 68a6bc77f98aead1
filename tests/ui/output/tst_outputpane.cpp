// The output pane on its own: decoding, colours and bounds. Saving is in tst_outputsave, the
// input line in tst_outputinput.

#include "output/outputbuffer.h"
#include "output/outputpane.h"
#include "output/outputview.h"
#include "output/styleformats.h"
#include "support/outputpanetext.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

#include <QTextBlock>
#include <cmath>

using namespace Sandpit;
using Core::OutputStream;
using SandpitTest::foregroundAt;
using SandpitTest::formatAt;

class TestOutputPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void utf8SplitAcrossChunksDecodesOnce();
    void truncatedSequenceAtTheEndBecomesReplacement();
    void weakerIsolationIsSaidInThePane();
    void brokenSequenceAcrossChunksLosesNoByte();
    void controlCharactersAreHarmless();
    void stderrHasItsOwnColour();
    void stderrReadsOnADarkPane();
    void ansiColoursShowAsColours();
    void escapeSequencesSplitAnywhereLeaveNoGarbage();
    void carriageReturnRewritesTheLine();
    void progressBarAcrossBatchesStaysOneLine();
    void invalidUtf8ShowsReplacementCharacters();
    void nulBytesAreHarmless();
    void appendsAreBatched();
    void longLinesAreFolded();
    void tenMegabyteSingleLineStaysBounded();
    void lineCapDropsOldLinesWithANote();
    void clearResetsEverything();
};

namespace {
QColor ansi(int index)
{
    return Ui::StyleFormats::color({Ui::TextStyle::ColorType::Indexed, quint32(index)});
}
} // namespace

void TestOutputPane::utf8SplitAcrossChunksDecodesOnce()
{
    Ui::OutputPane pane;
    const QByteArray euro = "price: \xe2\x82\xac 5\n";
    pane.appendOutput(OutputStream::Stdout, euro.left(8));
    pane.appendOutput(OutputStream::Stdout, euro.mid(8, 1));
    pane.appendOutput(OutputStream::Stdout, euro.mid(9));
    QCOMPARE(pane.plainText(), QStringLiteral("price: € 5\n"));
}

void TestOutputPane::truncatedSequenceAtTheEndBecomesReplacement()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "cut \xe2\x82");
    QCOMPARE(pane.plainText(), QStringLiteral("cut "));
    Core::RunResult result;
    result.exitCode = 0;
    pane.showFinished(result);
    QVERIFY2(pane.plainText().startsWith(QStringLiteral("cut \uFFFD")), qPrintable(pane.plainText()));
}

void TestOutputPane::weakerIsolationIsSaidInThePane()
{
    Ui::OutputPane pane;
    Core::RunResult result;
    result.exitCode = 0;
    result.isolation.level = Core::IsolationReport::Level::Full;
    result.isolation.details = {QStringLiteral("Files: isolated.")};
    pane.showFinished(result);
    QVERIFY(!pane.plainText().contains(QStringLiteral("not fully isolated")));

    result.isolation.level = Core::IsolationReport::Level::Partial;
    result.isolation.details
        = {QStringLiteral("Full isolation was refused by the kernel (clone: Operation not permitted).")};
    pane.showFinished(result);
    QVERIFY2(pane.plainText().contains(QStringLiteral("not fully isolated (partial): Full isolation was refused")),
             qPrintable(pane.plainText()));
}

void TestOutputPane::brokenSequenceAcrossChunksLosesNoByte()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "x\xe2\x82");
    pane.appendOutput(OutputStream::Stdout, "AB\n");
    const QString text = pane.plainText();
    QVERIFY2(text.startsWith(QStringLiteral("x\uFFFD")) && text.endsWith(QStringLiteral("AB\n")), qPrintable(text));
}

void TestOutputPane::controlCharactersAreHarmless()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, QByteArray("a\0b\x1b[0m\tc\r\nd\re\n", 15));
    QCOMPARE(pane.plainText(), QStringLiteral("a\u2400b\tc\ne\n"));
}

void TestOutputPane::stderrHasItsOwnColour()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "plain words\n");
    pane.appendOutput(OutputStream::Stderr, "angry words\n");
    pane.plainText();
    const QColor out = foregroundAt(pane, QStringLiteral("plain"));
    const QColor err = foregroundAt(pane, QStringLiteral("angry"));
    QVERIFY(err.isValid());
    QVERIFY(out != err);
}

void TestOutputPane::stderrReadsOnADarkPane()
{
    // WCAG relative luminance and contrast ratio.
    const auto luminance = [](const QColor &c) {
        const auto channel = [](qreal v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const auto contrast = [&](const QColor &a, const QColor &b) {
        const qreal la = luminance(a), lb = luminance(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    };
    Ui::OutputPane pane;
    QPalette dark = pane.palette();
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    pane.setPalette(dark);
    pane.appendOutput(OutputStream::Stderr, "angry words\n");
    pane.appendNote(QStringLiteral("a quiet note"));
    pane.plainText();
    for (const QString &word : {QStringLiteral("angry"), QStringLiteral("quiet")}) {
        const qreal ratio = contrast(foregroundAt(pane, word), dark.color(QPalette::Base));
        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1: %2:1").arg(word).arg(ratio)));
    }
}

void TestOutputPane::ansiColoursShowAsColours()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout,
                      "\x1b[31mred\x1b[0m \x1b[1;92mbright\x1b[0m \x1b[38;5;21mindexed\x1b[39m "
                      "\x1b[38;2;1;2;3mrgb\x1b[0m \x1b[44;3;4mbg\x1b[49;23;24mafter\x1b[m plain\n");
    QCOMPARE(pane.plainText(), QStringLiteral("red bright indexed rgb bgafter plain\n"));
    QCOMPARE(foregroundAt(pane, QStringLiteral("red")), ansi(1));
    QCOMPARE(foregroundAt(pane, QStringLiteral("bright")), ansi(10));
    QCOMPARE(formatAt(pane, QStringLiteral("bright")).fontWeight(), int(QFont::Bold));
    QCOMPARE(foregroundAt(pane, QStringLiteral("indexed")), QColor(0, 0, 255));
    QCOMPARE(foregroundAt(pane, QStringLiteral("rgb")), QColor(1, 2, 3));
    const QTextCharFormat bg = formatAt(pane, QStringLiteral("bg"));
    QCOMPARE(bg.background().color(), ansi(4));
    QVERIFY(bg.fontItalic() && bg.fontUnderline());
    const QTextCharFormat after = formatAt(pane, QStringLiteral("after"));
    QVERIFY(!after.hasProperty(QTextFormat::BackgroundBrush) && !after.fontItalic() && !after.fontUnderline());
    QVERIFY(!formatAt(pane, QStringLiteral("plain")).hasProperty(QTextFormat::ForegroundBrush));

    // On stderr, a program's own colour wins over the stream's red, and a reset returns to it.
    pane.appendOutput(OutputStream::Stderr, "plain error\n\x1b[32mfine\x1b[0m angry\n");
    const QColor stderrColour = foregroundAt(pane, QStringLiteral("plain error"));
    QVERIFY(stderrColour.isValid());
    QCOMPARE(foregroundAt(pane, QStringLiteral("fine")), ansi(2));
    QCOMPARE(foregroundAt(pane, QStringLiteral("angry")), stderrColour);
}

void TestOutputPane::escapeSequencesSplitAnywhereLeaveNoGarbage()
{
    Ui::OutputPane pane;
    const QByteArray text = "\x1b]0;title\x07\x1b[?25l\x1b[1;31mbold red\x1b[0m \x1b[2K\x1b[1Gdone\x1b[?25h\n";
    for (const char byte : text) // one byte per chunk: every sequence is split somewhere
        pane.appendOutput(OutputStream::Stdout, QByteArray(1, byte));
    QCOMPARE(pane.plainText(), QStringLiteral("done\n"));

    pane.clear();
    const QByteArray colours = "\x1b[38;2;200;100;50mwarm\x1b[0m\n";
    for (const char byte : colours)
        pane.appendOutput(OutputStream::Stdout, QByteArray(1, byte));
    QCOMPARE(pane.plainText(), QStringLiteral("warm\n"));
    QCOMPARE(foregroundAt(pane, QStringLiteral("warm")), QColor(200, 100, 50));
}

void TestOutputPane::carriageReturnRewritesTheLine()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "Downloading  10%\rDownloading  55%\rDownloading 100%\rDone\x1b[K\n");
    pane.appendOutput(OutputStream::Stdout, "Windows line\r\nnext\n");
    QCOMPARE(pane.plainText(), QStringLiteral("Done\nWindows line\nnext\n"));
}

void TestOutputPane::progressBarAcrossBatchesStaysOneLine()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "before\n");
    for (int percent = 0; percent <= 100; percent += 10) {
        pane.appendOutput(OutputStream::Stdout,
                          QByteArray("\r[") + QByteArray(percent / 10, '#').leftJustified(10, '.') + "] "
                              + QByteArray::number(percent) + '%');
        // Drawn between updates, as the timer would: the open line is redrawn, not appended.
        QCOMPARE(pane.lineCount(), 2);
    }
    QCOMPARE(pane.plainText(), QStringLiteral("before\n[##########] 100%"));
    pane.appendOutput(OutputStream::Stdout, "\nafter\n");
    QCOMPARE(pane.plainText(), QStringLiteral("before\n[##########] 100%\nafter\n"));
}

void TestOutputPane::invalidUtf8ShowsReplacementCharacters()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout,
                      "bad \xff\xfe, overlong \xc0\xaf, cut \xc3(, surrogate \xed\xa0\x80 ok \xc3\xa9\n");
    const QString text = pane.plainText();
    QVERIFY2(text.startsWith(QStringLiteral("bad \uFFFD\uFFFD, overlong \uFFFD\uFFFD, cut \uFFFD(, surrogate \uFFFD")),
             qPrintable(text));
    QVERIFY(text.endsWith(QStringLiteral(" ok é\n")));
}

void TestOutputPane::nulBytesAreHarmless()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, QByteArray("a\0b\0\0c\n", 7));
    pane.appendOutput(OutputStream::Stdout, QByteArray(1000, '\0') + "\nafter\n");
    const QString text = pane.plainText();
    QVERIFY(text.startsWith(QStringLiteral("a\u2400b\u2400\u2400c\n")));
    QVERIFY(!text.contains(QChar(0)));
    QVERIFY(text.endsWith(QStringLiteral("\u2400\nafter\n")));
}

void TestOutputPane::appendsAreBatched()
{
    Ui::OutputPane pane;
    auto *view = pane.findChild<QPlainTextEdit *>(QStringLiteral("outputView"));
    QSignalSpy changes(view->document(), &QTextDocument::contentsChange);
    for (int i = 0; i < 500; ++i)
        pane.appendOutput(OutputStream::Stdout, "chunk\n");
    QCOMPARE(view->document()->blockCount(), 1); // nothing drawn yet: it waits for the timer
    QTRY_COMPARE(view->document()->blockCount(), 501);
    QVERIFY2(changes.size() <= 2, qPrintable(QString::number(changes.size())));
}

void TestOutputPane::longLinesAreFolded()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, QByteArray(10'000, 'x'));
    pane.appendOutput(OutputStream::Stdout, QByteArray(5'000, 'y') + '\n');
    const QStringList lines = pane.plainText().split(QLatin1Char('\n'));
    for (const QString &line : lines)
        QVERIFY(line.size() <= 4001);
    QCOMPARE(pane.plainText().count(QLatin1Char('x')), 10'000);
    QCOMPARE(pane.plainText().count(QLatin1Char('y')), 5'000);
}

void TestOutputPane::tenMegabyteSingleLineStaysBounded()
{
    Ui::OutputPane pane;
    // In the engine's chunk size, as a program that never prints a newline would send it.
    const QByteArray chunk(64 * 1024, 'x');
    for (int i = 0; i < 160; ++i)
        pane.appendOutput(OutputStream::Stdout, chunk);
    pane.appendOutput(OutputStream::Stdout, "\nthe end\n");
    QTRY_VERIFY(!pane.hasPendingText());
    const QString text = pane.plainText();
    QVERIFY(text.endsWith(QStringLiteral("x\nthe end\n")));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines)
        QVERIFY(line.size() <= Ui::OutputBuffer::kFoldColumns + 1);
    // The pane holds a bounded part of the line, says so, and still takes new output.
    QVERIFY(text.size() <= Ui::OutputView::kMaxChars);
    QVERIFY(text.size() > Ui::OutputView::kMaxChars / 2);
    QVERIFY(pane.hasDroppedLines());
    pane.appendOutput(OutputStream::Stdout, "more\n");
    QVERIFY(pane.plainText().endsWith(QStringLiteral("the end\nmore\n")));
}

void TestOutputPane::lineCapDropsOldLinesWithANote()
{
    Ui::OutputPane pane;
    pane.setMaxLines(1000);
    QCOMPARE(pane.maxLines(), 1000);
    auto *note = pane.findChild<QLabel *>(QStringLiteral("droppedNote"));
    for (int i = 0; i < 3000; ++i)
        pane.appendOutput(OutputStream::Stderr, QByteArray("line ") + QByteArray::number(i) + '\n');
    QVERIFY(pane.plainText().endsWith(QStringLiteral("line 2999\n")));
    QVERIFY(pane.plainText().startsWith(QStringLiteral("line 2000\n")));
    QCOMPARE(pane.lineCount(), 1000);
    QVERIFY(pane.hasDroppedLines());
    QVERIFY(!note->isHidden());
    QVERIFY2(note->text().contains(QLocale().toString(2000)) && note->text().contains(QLocale().toString(1000)),
             qPrintable(note->text()));
}

void TestOutputPane::clearResetsEverything()
{
    Ui::OutputPane pane;
    pane.setMaxLines(1000);
    for (int i = 0; i < 6'000; ++i)
        pane.appendOutput(OutputStream::Stdout, "x\n");
    pane.appendOutput(OutputStream::Stdout, "\xe2");
    QVERIFY(pane.lineCount() <= pane.maxLines());
    QVERIFY(pane.hasDroppedLines());
    pane.clear();
    QVERIFY(!pane.hasDroppedLines());
    QVERIFY(pane.findChild<QWidget *>(QStringLiteral("droppedNote"))->isHidden());
    pane.appendOutput(OutputStream::Stdout, "ok\n");
    QCOMPARE(pane.plainText(), QStringLiteral("ok\n"));
}

QTEST_MAIN(TestOutputPane)
#include "tst_outputpane.moc"
