// The pane's terminal-like line model: carriage returns, erasing, folding and its bounds.

#include "output/outputbuffer.h"

#include <QTest>

using namespace Sandpit::Ui;

namespace {
struct Fed {
    QString finished;
    QString open;
    qsizetype lines = 0;
    qint64 skipped = 0;
    QList<OutputBuffer::Run> runs;
};

/// Feeds `chunks` through a parser into a fresh buffer and takes everything out.
Fed feed(const QStringList &chunks, qsizetype maxLines = 1000, qsizetype maxChars = 1 << 20)
{
    OutputBuffer buffer(maxLines, maxChars);
    AnsiParser parser;
    for (const QString &chunk : chunks)
        parser.parse(chunk, buffer);
    Fed out;
    buffer.applyLimits();
    const OutputBuffer::Chunk finished = buffer.takeFinished(1 << 30);
    out.finished = finished.text;
    out.lines = finished.lines;
    out.runs = finished.runs;
    out.open = buffer.takeOpenLine().text;
    out.skipped = buffer.takeSkipped();
    return out;
}

Fed feed(const QString &text)
{
    return feed(QStringList{text});
}
} // namespace

class TestOutputBuffer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void carriageReturnOverwritesInPlace();
    void carriageReturnNewlineIsAPlainNewline();
    void eraseInLine();
    void backspaceAndCursorMoves();
    void aThousandProgressUpdatesStayOneLine();
    void longLinesAreFoldedWithoutLosingText();
    void surrogatePairsAreNotSplitByAFold();
    void onlyTheNewestLinesWait();
    void charactersAreBoundedToo();
    void takingStopsAtTheBudget();
    void stylesBecomeRuns();
    void plainTextAndEndingTheOpenLine();
    void changesAreReportedOnce();
};

void TestOutputBuffer::carriageReturnOverwritesInPlace()
{
    const Fed fed = feed(QStringLiteral("Progress 10%\rProgress 20%\rDone"));
    QCOMPARE(fed.finished, QString());
    // As in a terminal: the new text covers the old from the start, the rest stays.
    QCOMPARE(fed.open, QStringLiteral("Doneress 20%"));
    QCOMPARE(feed(QStringLiteral("Progress 10%\rProgress 20%\rDone\n")).finished, QStringLiteral("Doneress 20%\n"));
    // Split across chunks, the same.
    QCOMPARE(feed(QStringList{QStringLiteral("50%\r"), QStringLiteral("60%")}).open, QStringLiteral("60%"));
}

void TestOutputBuffer::carriageReturnNewlineIsAPlainNewline()
{
    const Fed fed = feed(QStringList{QStringLiteral("one\r"), QStringLiteral("\ntwo\r\n\r\nthree")});
    QCOMPARE(fed.finished, QStringLiteral("one\ntwo\n\n"));
    QCOMPARE(fed.open, QStringLiteral("three"));
}

void TestOutputBuffer::eraseInLine()
{
    QCOMPARE(feed(QStringLiteral("Downloading 10%\r\x1b[KDone")).open, QStringLiteral("Done"));
    QCOMPARE(feed(QStringLiteral("abcdef\x1b[3G\x1b[K")).open, QStringLiteral("ab"));
    QCOMPARE(feed(QStringLiteral("abcdef\x1b[3G\x1b[1K")).open, QStringLiteral("   def"));
    QCOMPARE(feed(QStringLiteral("abcdef\x1b[2Kx")).open, QStringLiteral("      x"));
}

void TestOutputBuffer::backspaceAndCursorMoves()
{
    QCOMPARE(feed(QStringLiteral("ab\bc")).open, QStringLiteral("ac"));
    QCOMPARE(feed(QStringLiteral("\b\bx")).open, QStringLiteral("x"));
    QCOMPARE(feed(QStringLiteral("abcdef\x1b[3Gx")).open, QStringLiteral("abxdef"));
    QCOMPARE(feed(QStringLiteral("ab\x1b[3Cx")).open, QStringLiteral("ab   x"));
    QCOMPARE(feed(QStringLiteral("abc\x1b[2Dx")).open, QStringLiteral("axc"));
}

void TestOutputBuffer::aThousandProgressUpdatesStayOneLine()
{
    QString text;
    for (int i = 0; i <= 1000; ++i)
        text += QStringLiteral("\r[%1] %2%").arg(QString(i / 50, QLatin1Char('#')), -20).arg(i / 10);
    const Fed fed = feed(text);
    QCOMPARE(fed.lines, 0);
    QCOMPARE(fed.open, QStringLiteral("[####################] 100%"));
}

void TestOutputBuffer::longLinesAreFoldedWithoutLosingText()
{
    const Fed fed
        = feed(QStringList{QString(10'000, QLatin1Char('x')), QString(5'000, QLatin1Char('y')) + QLatin1Char('\n')});
    const QStringList lines = fed.finished.split(QLatin1Char('\n'));
    for (const QString &line : lines)
        QVERIFY(line.size() <= OutputBuffer::kFoldColumns + 1);
    QCOMPARE(fed.finished.count(QLatin1Char('x')), 10'000);
    QCOMPARE(fed.finished.count(QLatin1Char('y')), 5'000);
    QCOMPARE(fed.finished.count(QChar(OutputBuffer::kFoldMark)), 3);
    QCOMPARE(fed.lines, 4);
}

void TestOutputBuffer::surrogatePairsAreNotSplitByAFold()
{
    const QString smile = QStringLiteral("\U0001F600");
    const Fed fed = feed(QString(OutputBuffer::kFoldColumns - 1, QLatin1Char('a')) + smile + smile + QLatin1Char('\n'));
    QVERIFY(
        fed.finished.contains(smile + QChar(OutputBuffer::kFoldMark) + QLatin1Char('\n') + smile + QLatin1Char('\n')));
}

void TestOutputBuffer::onlyTheNewestLinesWait()
{
    QStringList chunks;
    for (int i = 0; i < 25'000; ++i)
        chunks << QStringLiteral("line %1\n").arg(i);
    const Fed fed = feed(chunks, 1000);
    QCOMPARE(fed.lines, 1000);
    QVERIFY(fed.finished.startsWith(QStringLiteral("line 24000\n")));
    QVERIFY(fed.finished.endsWith(QStringLiteral("line 24999\n")));
    QCOMPARE(fed.skipped, 24'000);
    QCOMPARE(fed.runs.size(), 1);
    QCOMPARE(fed.runs.first().length, fed.finished.size());
}

void TestOutputBuffer::charactersAreBoundedToo()
{
    QStringList chunks;
    for (int i = 0; i < 100; ++i)
        chunks << QString(999, QLatin1Char('a' + i % 26)) + QLatin1Char('\n');
    const Fed fed = feed(chunks, 1000, 10'000);
    QCOMPARE(fed.lines, 10);
    QCOMPARE(fed.finished.size(), 10'000);
    QCOMPARE(fed.skipped, 90);
    QVERIFY(fed.finished.endsWith(QString(999, QLatin1Char('a' + 99 % 26)) + QLatin1Char('\n')));
}

void TestOutputBuffer::takingStopsAtTheBudget()
{
    OutputBuffer buffer(100, 10'000);
    buffer.appendPlain(u"one\ntwo\nthree\nfour\n", 0);
    QCOMPARE(buffer.waitingLines(), 4);
    QCOMPARE(buffer.takeFinished(2).text, QStringLiteral("one\ntwo\n"));
    QCOMPARE(buffer.takeFinished(10, 3).text, QStringLiteral("three\n")); // always a whole line
    QCOMPARE(buffer.waitingChars(), 5);
    const OutputBuffer::Chunk rest = buffer.takeFinished(10, 100);
    QCOMPARE(rest.text, QStringLiteral("four\n"));
    QCOMPARE(rest.lines, 1);
    QCOMPARE(buffer.waitingLines(), 0);
}

void TestOutputBuffer::stylesBecomeRuns()
{
    OutputBuffer buffer(100, 10'000);
    AnsiParser parser;
    const quint64 base = quint64(1) << TextStyle::kKeyBits;
    buffer.setStyleBase(base);
    parser.parse(u"\x1b[31mred\x1b[0m plain\n\x1b[1mbold", buffer);
    const OutputBuffer::Chunk finished = buffer.takeFinished(10);
    QCOMPARE(finished.text, QStringLiteral("red plain\n"));
    QCOMPARE(finished.runs.size(), 2);
    QCOMPARE(finished.runs[0].length, 3);
    QCOMPARE(TextStyle::fromKey(finished.runs[0].style & (base - 1)).foreground,
             (TextStyle::Color{TextStyle::ColorType::Indexed, 1}));
    QCOMPARE(finished.runs[0].style & ~(base - 1), base);
    QCOMPARE(finished.runs[1].length, 7); // " plain" and its newline
    QCOMPARE(finished.runs[1].style, base);
    const OutputBuffer::Chunk open = buffer.takeOpenLine();
    QCOMPARE(open.text, QStringLiteral("bold"));
    QVERIFY(TextStyle::fromKey(open.runs.first().style).bold);
}

void TestOutputBuffer::plainTextAndEndingTheOpenLine()
{
    OutputBuffer buffer(100, 10'000);
    buffer.appendPlain(u"prompt: ", 7);
    buffer.endOpenLine();
    buffer.endOpenLine(); // nothing open: no empty line
    buffer.appendPlain(u"a\nb\n", 9);
    const OutputBuffer::Chunk finished = buffer.takeFinished(10);
    QCOMPARE(finished.text, QStringLiteral("prompt: \na\nb\n"));
    QCOMPARE(finished.lines, 3);
    QCOMPARE(finished.runs.first().style, 7u);
    QCOMPARE(finished.runs.last().style, 9u);
}

void TestOutputBuffer::changesAreReportedOnce()
{
    OutputBuffer buffer(100, 10'000);
    QVERIFY(!buffer.hasPending());
    buffer.appendPlain(u"50%", 0);
    QVERIFY(buffer.hasPending());
    buffer.takeOpenLine();
    QVERIFY(!buffer.hasPending());
    AnsiParser parser;
    parser.parse(u"\r", buffer); // a cursor move alone changes nothing on screen
    QVERIFY(!buffer.hasPending());
    parser.parse(u"60%\nnext", buffer);
    QVERIFY(buffer.hasPending());
    QCOMPARE(buffer.takeFinished(1).lines, 1);
    buffer.takeOpenLine();
    QVERIFY(!buffer.hasPending());
    buffer.clear();
    QCOMPARE(buffer.takeOpenLine().text, QString());
}

QTEST_GUILESS_MAIN(TestOutputBuffer)
#include "tst_outputbuffer.moc"
