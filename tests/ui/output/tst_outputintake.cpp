// What waits to be read: order kept between the program's streams and the pane's own text,
// reading a slice at a time, and lines skipped unread when newer ones will replace them.

#include "output/outputbuffer.h"
#include "output/outputintake.h"

#include <QTest>

using namespace Sandpit::Ui;

namespace {
struct Read {
    QString finished;
    QString open;
    qint64 skipped = 0;
    QList<OutputBuffer::Run> runs;
};

Read readAll(OutputIntake &intake, OutputBuffer &buffer, qsizetype maxLines, qsizetype bytesPerTurn = 1 << 30)
{
    while (!intake.isEmpty())
        intake.readInto(buffer, maxLines, bytesPerTurn);
    buffer.applyLimits();
    Read out;
    const OutputBuffer::Chunk finished = buffer.takeFinished(1 << 30);
    out.finished = finished.text;
    out.runs = finished.runs;
    out.open = buffer.takeOpenLine().text;
    out.skipped = buffer.takeSkipped();
    return out;
}

QByteArray numbered(int from, int to)
{
    QByteArray out;
    for (int i = from; i < to; ++i)
        out += "line " + QByteArray::number(i) + '\n';
    return out;
}

TextStyle styleOf(quint64 key)
{
    return TextStyle::fromKey(key & ((quint64(1) << TextStyle::kKeyBits) - 1));
}
} // namespace

class TestOutputIntake : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everythingKeepsItsOrder();
    void slicesEndAnywhere();
    void olderLinesAreSkippedUnread();
    void skippedLinesStillSetTheStyle();
    void skippingAcrossChunksAndStreams();
    void endOfOutputFinishesACutCharacter();
    void fewLinesAreNeverSkipped();
};

void TestOutputIntake::everythingKeepsItsOrder()
{
    OutputIntake intake;
    OutputBuffer buffer(100, 100'000);
    intake.addOutput(OutputKind::Stdout, "Your name: ");
    intake.addText(OutputKind::Input, QStringLiteral("Ada\n"), false);
    intake.addOutput(OutputKind::Stderr, "warning\n");
    intake.addOutput(OutputKind::Stdout, "half");
    intake.addText(OutputKind::Note, QStringLiteral("— Finished —\n"), true);
    const Read read = readAll(intake, buffer, 100);
    QCOMPARE(read.finished, QStringLiteral("Your name: Ada\nwarning\nhalf\n— Finished —\n"));
    QCOMPARE(read.skipped, 0);
    QCOMPARE(read.runs.first().style >> TextStyle::kKeyBits, quint64(OutputKind::Stdout));
    QCOMPARE(read.runs[1].style >> TextStyle::kKeyBits, quint64(OutputKind::Input));
}

void TestOutputIntake::slicesEndAnywhere()
{
    const QByteArray text = "\x1b[31mr\xc3\xa9"
                            "d\x1b[0m \xe2\x82\xac\r\nnext\n";
    for (qsizetype slice = 1; slice <= text.size(); ++slice) {
        OutputIntake intake;
        OutputBuffer buffer(100, 100'000);
        intake.addOutput(OutputKind::Stdout, text);
        const Read read = readAll(intake, buffer, 100, slice);
        QCOMPARE(read.finished, QStringLiteral("réd €\nnext\n"));
        QCOMPARE(styleOf(read.runs.first().style).foreground, (TextStyle::Color{TextStyle::ColorType::Indexed, 1}));
    }
}

void TestOutputIntake::olderLinesAreSkippedUnread()
{
    OutputIntake intake;
    OutputBuffer buffer(100, 100'000);
    intake.addOutput(OutputKind::Stdout, "open line, never finished by a newline of its own ");
    intake.addOutput(OutputKind::Stdout, numbered(0, 5000));
    QCOMPARE(intake.newlines(), 5000);
    const Read read = readAll(intake, buffer, 100);
    QVERIFY(read.finished.startsWith(QStringLiteral("line 4900\n")));
    QVERIFY(read.finished.endsWith(QStringLiteral("line 4999\n")));
    QCOMPARE(read.skipped, 4900);
    QCOMPARE(intake.newlines(), 0);
}

void TestOutputIntake::skippedLinesStillSetTheStyle()
{
    OutputIntake intake;
    OutputBuffer buffer(10, 100'000);
    // The colour is set among lines that are skipped; the lines shown are still green, bold
    // is switched off again in between, and a sequence cut at the skip point still parses.
    intake.addOutput(OutputKind::Stdout,
                     "\x1b[32;1mgreen\n" + numbered(0, 50) + "\x1b[22m" + numbered(50, 100) + "\x1b[4");
    intake.addOutput(OutputKind::Stdout, "m" + numbered(100, 110));
    const Read read = readAll(intake, buffer, 10);
    QCOMPARE(read.finished, QString::fromLatin1(numbered(100, 110)));
    const TextStyle style = styleOf(read.runs.first().style);
    QCOMPARE(style.foreground, (TextStyle::Color{TextStyle::ColorType::Indexed, 2}));
    QVERIFY(!style.bold);
    QVERIFY(style.underline);
}

void TestOutputIntake::skippingAcrossChunksAndStreams()
{
    OutputIntake intake;
    OutputBuffer buffer(10, 100'000);
    intake.readInto(buffer, 10, 1 << 20); // nothing waits: nothing happens
    intake.addOutput(OutputKind::Stdout, numbered(0, 3));
    intake.readInto(buffer, 10, 1 << 20);             // these three wait in the buffer now
    intake.addOutput(OutputKind::Stderr, "\xe2\x82"); // a character cut in a line that goes
    intake.addText(OutputKind::Note, QStringLiteral("a note\n"), true);
    intake.addOutput(OutputKind::Stdout, numbered(3, 20));
    intake.addOutput(OutputKind::Stderr, "\xac err\n");
    const Read read = readAll(intake, buffer, 10);
    // The newest ten lines: 11..19 from stdout and the stderr line. The cut character went
    // with its line, so the rest of it shows as what it is.
    QCOMPARE(read.finished, QString::fromLatin1(numbered(11, 20)) + QStringLiteral("\uFFFD err\n"));
    QCOMPARE(read.skipped, 3 + 1 + 8); // lines 0 to 2 in the buffer, the note, lines 3 to 10
}

void TestOutputIntake::endOfOutputFinishesACutCharacter()
{
    OutputIntake intake;
    OutputBuffer buffer(10, 100'000);
    intake.addOutput(OutputKind::Stdout, "cut \xe2\x82");
    intake.addEnd();
    intake.addText(OutputKind::Note, QStringLiteral("done\n"), true);
    const Read read = readAll(intake, buffer, 10);
    QCOMPARE(read.finished, QStringLiteral("cut \uFFFD\ndone\n"));
}

void TestOutputIntake::fewLinesAreNeverSkipped()
{
    OutputIntake intake;
    OutputBuffer buffer(10, 100'000);
    intake.addOutput(OutputKind::Stdout, numbered(0, 10));
    intake.addOutput(OutputKind::Stdout, "open");
    const Read read = readAll(intake, buffer, 10);
    QCOMPARE(read.finished, QString::fromLatin1(numbered(0, 10)));
    QCOMPARE(read.open, QStringLiteral("open"));
    QCOMPARE(read.skipped, 0);
}

QTEST_GUILESS_MAIN(TestOutputIntake)
#include "tst_outputintake.moc"
