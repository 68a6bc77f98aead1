// The output pane on its own: decoding, colours, bounds and the input line.

#include "outputpane.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>

using namespace Sandpit;
using Core::OutputStream;

class TestOutputPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void utf8SplitAcrossChunksDecodesOnce();
    void truncatedSequenceAtTheEndBecomesReplacement();
    void weakerIsolationIsSaidInThePane();
    void brokenSequenceAcrossChunksLosesNoByte();
    void controlCharactersAreVisible();
    void stderrHasItsOwnColour();
    void appendsAreBatched();
    void longLinesAreFolded();
    void tenThousandLinesKeepTheLimit();
    void clearResetsEverything();
    void inputLineSendsAndEchoes();
    void ctrlDClosesInput();
};

namespace {
QColor foregroundAt(Ui::OutputPane &pane, const QString &needle)
{
    auto *view = pane.findChild<QPlainTextEdit *>(QStringLiteral("outputView"));
    const int position = view->toPlainText().indexOf(needle);
    if (position < 0)
        return {};
    QTextCursor cursor(view->document());
    cursor.setPosition(position + 1);
    return cursor.charFormat().foreground().color();
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
    result.isolation.details = {QStringLiteral("Full isolation was refused by the kernel (clone: Operation not permitted).")};
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

void TestOutputPane::controlCharactersAreVisible()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, QByteArray("a\0b\x1b[0m\tc\r\nd\re\n", 15));
    QCOMPARE(pane.plainText(), QStringLiteral("a\u2400b\u241b[0m\tc\nd\ne\n"));
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

void TestOutputPane::tenThousandLinesKeepTheLimit()
{
    Ui::OutputPane pane;
    for (int i = 0; i < 10'000; ++i)
        pane.appendOutput(OutputStream::Stderr, QByteArray("line ") + QByteArray::number(i) + '\n');
    QVERIFY(pane.plainText().contains(QStringLiteral("line 9999\n")));
    QVERIFY(pane.lineCount() <= Ui::OutputPane::maxLines());
    QVERIFY(pane.hasDroppedLines());
    QVERIFY(!pane.findChild<QWidget *>(QStringLiteral("droppedNote"))->isHidden());
}

void TestOutputPane::clearResetsEverything()
{
    Ui::OutputPane pane;
    for (int i = 0; i < 6'000; ++i)
        pane.appendOutput(OutputStream::Stdout, "x\n");
    pane.appendOutput(OutputStream::Stdout, "\xe2");
    QVERIFY(pane.lineCount() <= Ui::OutputPane::maxLines());
    QVERIFY(pane.hasDroppedLines());
    pane.clear();
    QVERIFY(!pane.hasDroppedLines());
    QVERIFY(pane.findChild<QWidget *>(QStringLiteral("droppedNote"))->isHidden());
    pane.appendOutput(OutputStream::Stdout, "ok\n");
    QCOMPARE(pane.plainText(), QStringLiteral("ok\n"));
}

void TestOutputPane::inputLineSendsAndEchoes()
{
    Ui::OutputPane pane;
    auto *input = pane.findChild<QLineEdit *>(QStringLiteral("inputLine"));
    QSignalSpy sent(&pane, &Ui::OutputPane::inputSubmitted);
    QVERIFY(!input->isEnabled());
    pane.setInputEnabled(true);
    QVERIFY(input->isEnabled());
    input->insert(QStringLiteral("héllo")); // keyClicks() takes ASCII only
    QTest::keyClick(input, Qt::Key_Return);
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.at(0).at(0).toByteArray(), QStringLiteral("héllo\n").toUtf8());
    QCOMPARE(pane.plainText(), QStringLiteral("héllo\n"));
    QVERIFY(input->text().isEmpty());
    QVERIFY(foregroundAt(pane, QStringLiteral("héllo")).isValid());
}

void TestOutputPane::ctrlDClosesInput()
{
    Ui::OutputPane pane;
    auto *input = pane.findChild<QLineEdit *>(QStringLiteral("inputLine"));
    QSignalSpy sent(&pane, &Ui::OutputPane::inputSubmitted);
    QSignalSpy closed(&pane, &Ui::OutputPane::inputClosed);
    pane.setInputEnabled(true);
    QTest::keyClicks(input, QStringLiteral("tail"));
    QTest::keyClick(input, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.at(0).at(0).toByteArray(), QByteArray("tail"));
    QCOMPARE(closed.size(), 1);
    QVERIFY(!input->isEnabled());
    pane.clear();
    QVERIFY(input->isEnabled()); // a new run gets a fresh stdin
}

QTEST_MAIN(TestOutputPane)
#include "tst_outputpane.moc"
