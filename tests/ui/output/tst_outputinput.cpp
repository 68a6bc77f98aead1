// The output pane's input line: sending, echoing, closing with Ctrl+D and the history of what was typed.

#include "output/outputpane.h"
#include "support/outputpanetext.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using Core::OutputStream;
using SandpitTest::foregroundAt;
using SandpitTest::formatAt;

class TestOutputInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void inputLineSendsAndEchoes();
    void ctrlDClosesInput();
    void upAndDownWalkTheInputHistory();
    void typedInputFollowsThePromptInItsOwnColour();
};

void TestOutputInput::inputLineSendsAndEchoes()
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

void TestOutputInput::ctrlDClosesInput()
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

void TestOutputInput::upAndDownWalkTheInputHistory()
{
    Ui::OutputPane pane;
    auto *input = pane.findChild<QLineEdit *>(QStringLiteral("inputLine"));
    QSignalSpy sent(&pane, &Ui::OutputPane::inputSubmitted);
    pane.setInputEnabled(true);
    for (const char *line : {"one", "two", "two", "three"}) {
        QTest::keyClicks(input, QString::fromLatin1(line));
        QTest::keyClick(input, Qt::Key_Return);
    }
    QTest::keyClicks(input, QStringLiteral("draft"));
    const auto press = [input](Qt::Key key) {
        QTest::keyClick(input, key);
        return input->text();
    };
    // Like a shell: back through what was sent (a repeat kept once), then forward to the draft.
    QCOMPARE(press(Qt::Key_Up), QStringLiteral("three"));
    QCOMPARE(press(Qt::Key_Up), QStringLiteral("two"));
    QCOMPARE(press(Qt::Key_Up), QStringLiteral("one"));
    QCOMPARE(press(Qt::Key_Up), QStringLiteral("one"));
    QCOMPARE(press(Qt::Key_Down), QStringLiteral("two"));
    QCOMPARE(press(Qt::Key_Down), QStringLiteral("three"));
    QCOMPARE(press(Qt::Key_Down), QStringLiteral("draft"));
    QCOMPARE(press(Qt::Key_Down), QStringLiteral("draft"));

    // A recalled line is sent as it is shown, and the history survives the next run.
    input->clear();
    press(Qt::Key_Up);
    press(Qt::Key_Up);
    QTest::keyClick(input, Qt::Key_Return);
    QCOMPARE(sent.last().at(0).toByteArray(), QByteArray("two\n"));
    pane.clear();
    QCOMPARE(press(Qt::Key_Up), QStringLiteral("two"));
    QCOMPARE(press(Qt::Key_Up), QStringLiteral("three"));
}

void TestOutputInput::typedInputFollowsThePromptInItsOwnColour()
{
    Ui::OutputPane pane;
    auto *input = pane.findChild<QLineEdit *>(QStringLiteral("inputLine"));
    pane.setInputEnabled(true);
    pane.appendOutput(OutputStream::Stdout, "Your name: ");
    QCOMPARE(pane.plainText(), QStringLiteral("Your name: ")); // the prompt shows before any newline
    QTest::keyClicks(input, QStringLiteral("Ada"));
    QTest::keyClick(input, Qt::Key_Return);
    pane.appendOutput(OutputStream::Stdout, "Hello, Ada!\n");
    pane.appendOutput(OutputStream::Stderr, "a warning\n");
    QCOMPARE(pane.plainText(), QStringLiteral("Your name: Ada\nHello, Ada!\na warning\n"));
    const QColor typed = foregroundAt(pane, QStringLiteral("Ada\n"));
    QVERIFY(typed.isValid());
    QVERIFY(typed != foregroundAt(pane, QStringLiteral("Your name")));
    QVERIFY(typed != foregroundAt(pane, QStringLiteral("warning")));
    QCOMPARE(formatAt(pane, QStringLiteral("Ada\n")).fontWeight(), int(QFont::Bold));
}

QTEST_MAIN(TestOutputInput)
#include "tst_outputinput.moc"
