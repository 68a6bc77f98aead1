// Lines of output that name a place in the learner's program are links to it, as in Thonny:
// underlined, a pointing hand over them, opened with a click, or reached with Tab and opened
// with Enter. The pane on its own, fed what the tools print.

#include "model/diagnosticparser.h"
#include "output/outputpane.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using namespace Qt::Literals::StringLiterals;
using Core::OutputStream;

namespace {
// Python 3.11 in the sandbox, with a library file that happens to share the learner's name.
const QByteArray kTraceback = "Traceback (most recent call last):\n"
                              "  File \"/work/untitled.py\", line 6, in <module>\n"
                              "    main()\n"
                              "  File \"/work/untitled.py\", line 4, in main\n"
                              "    print(names[i])\n"
                              "          ~~~~~^^^\n"
                              "  File \"/usr/lib/python3/dist-packages/untitled.py\", line 9, in helper\n"
                              "IndexError: list index out of range\n";
const auto kOuterFrame = uR"(File "/work/untitled.py", line 6)"_s;
const auto kInnerFrame = uR"(File "/work/untitled.py", line 4)"_s;
const auto kLibraryFrame = uR"(File "/usr/lib/python3/dist-packages/untitled.py", line 9)"_s;

Core::DiagnosticParser sources(const QString &format, const QString &file)
{
    return Core::DiagnosticParser({format}, {{file, {}}});
}
} // namespace

class TestOutputLinks : public QObject
{
    Q_OBJECT

private:
    QPlainTextEdit *view() const { return m_pane->findChild<QPlainTextEdit *>(QStringLiteral("outputView")); }

    /// Where the pane shows the middle of `needle`'s second character, in the view's viewport.
    QPoint pointAt(const QString &needle) const
    {
        m_pane->plainText(); // draws what waits
        const int position = int(view()->toPlainText().indexOf(needle));
        if (position < 0)
            return {-1, -1};
        QTextCursor before(view()->document());
        before.setPosition(position + 1);
        QTextCursor after(view()->document());
        after.setPosition(position + 2);
        return (view()->cursorRect(before).center() + view()->cursorRect(after).center()) / 2;
    }

    QTextCharFormat formatAt(const QString &needle) const
    {
        m_pane->plainText();
        QTextCursor cursor(view()->document());
        cursor.setPosition(int(view()->toPlainText().indexOf(needle)) + 2);
        return cursor.charFormat();
    }

    void click(const QString &needle)
    {
        const QPoint at = pointAt(needle);
        QVERIFY2(at.x() >= 0, qPrintable(needle));
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, at);
    }

private Q_SLOTS:
    void init()
    {
        m_pane = std::make_unique<Ui::OutputPane>();
        m_pane->resize(900, 400);
        m_pane->show();
        m_pane->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_pane.get()));
        QVERIFY(view());
    }
    void cleanup() { m_pane.reset(); }

    void aTracebackFrameIsALinkToItsLine()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->appendOutput(OutputStream::Stderr, kTraceback);
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        QVERIFY(formatAt(kInnerFrame).isAnchor());
        QVERIFY(formatAt(kInnerFrame).fontUnderline());
        click(kInnerFrame);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0), (QVariantList{u"untitled.py"_s, 4, 0}));
        click(kOuterFrame);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy.at(1).at(1).toInt(), 6);
    }

    void aLibrarysFrameAndTheOtherLinesAreNoLinks()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->appendOutput(OutputStream::Stderr, kTraceback);
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        for (const QString &text : {kLibraryFrame, u"print(names[i])"_s, u"IndexError"_s, u"Traceback"_s}) {
            QVERIFY2(!formatAt(text).isAnchor(), qPrintable(text));
            QVERIFY2(!formatAt(text).fontUnderline(), qPrintable(text));
            click(text);
        }
        QCOMPARE(spy.count(), 0);
    }

    void aCompilerErrorIsALinkToItsLineAndColumn()
    {
        m_pane->linkSources(sources(u"gcc"_s, u"main.c"_s));
        m_pane->appendOutput(
            OutputStream::Stderr,
            "main.c: In function \xe2\x80\x98main\xe2\x80\x99:\n"
            "main.c:5:23: error: expected \xe2\x80\x98;\xe2\x80\x99 before \xe2\x80\x98return\xe2\x80\x99\n"
            "    5 |     printf(\"hi\\n\")\n"
            "      |                       ^\n");
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        click(u"main.c: In function"_s); // names the file, but no line
        QCOMPARE(spy.count(), 0);
        click(u"main.c:5:23"_s);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0), (QVariantList{u"main.c"_s, 5, 23}));
    }

    void otherLanguagesLinkTheirPlaces_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("output");
        QTest::addColumn<QString>("link");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("node header") << u"node"_s << u"main.js"_s
                                     << QByteArray("/work/main.js:2\nconsole.log(x.y);\n              ^\n\nTypeError: "
                                                   "Cannot read properties of undefined\n    at Object.<anonymous> "
                                                   "(/work/main.js:2:15)\n")
                                     << u"/work/main.js:2"_s << 2 << 0;
        QTest::newRow("node stack") << u"node"_s << u"main.js"_s
                                    << QByteArray(
                                           "TypeError: boom\n    at f (/work/main.js:7:11)\n    at Module._compile "
                                           "(node:internal/modules/cjs/loader:1105:14)\n")
                                    << u"/work/main.js:7:11"_s << 7 << 11;
        QTest::newRow("javac") << u"javac"_s << u"Main.java"_s
                               << QByteArray(
                                      "Main.java:4: error: ';' expected\n        int x = 1\n                 ^\n")
                               << u"Main.java:4"_s << 4 << 0;
        QTest::newRow("java stack") << u"java"_s << u"Main.java"_s
                                    << QByteArray(
                                           "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n"
                                           "\tat Main.divide(Main.java:3)\n\tat Main.main(Main.java:7)\n")
                                    << u"Main.java:3"_s << 3 << 0;
        QTest::newRow("rustc") << u"rustc"_s << u"main.rs"_s
                               << QByteArray("error[E0425]: cannot find value `y` in this scope\n --> main.rs:3:20\n")
                               << u"main.rs:3:20"_s << 3 << 20;
        QTest::newRow("rust panic") << u"rustc"_s << u"main.rs"_s
                                    << QByteArray("thread 'main' panicked at main.rs:4:20:\nindex out of bounds\n")
                                    << u"main.rs:4:20"_s << 4 << 20;
    }

    void otherLanguagesLinkTheirPlaces()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QByteArray, output);
        QFETCH(QString, link);
        QFETCH(int, line);
        QFETCH(int, column);
        m_pane->linkSources(sources(format, file));
        m_pane->appendOutput(OutputStream::Stderr, output);
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        click(link);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0), (QVariantList{file, line, column}));
    }

    void aLineThatArrivesInPiecesIsStillALink()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->appendOutput(OutputStream::Stderr, "Traceback (most recent call last):\n  File \"/work/untit");
        m_pane->plainText(); // the open line is drawn before the rest of it arrives
        m_pane->appendOutput(OutputStream::Stderr, "led.py\", line 4, in <module>\n    x\nNameError: x\n");
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        click(kInnerFrame);
        QCOMPARE(spy.count(), 1);
    }

    void aNewRunsOutputLinksOnlyItsOwnSources()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->clear(); // the next run, of a program that has not said its sources
        m_pane->appendOutput(OutputStream::Stderr, kTraceback);
        QVERIFY(!formatAt(kInnerFrame).isAnchor());
    }

    void thePointerIsAHandOverALink()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->appendOutput(OutputStream::Stderr, kTraceback);
        QTest::mouseMove(view()->viewport(), pointAt(kInnerFrame));
        QTRY_COMPARE(view()->viewport()->cursor().shape(), Qt::PointingHandCursor);
        QTest::mouseMove(view()->viewport(), pointAt(u"IndexError"_s));
        QTRY_COMPARE(view()->viewport()->cursor().shape(), Qt::IBeamCursor);
    }

    void selectingTextFromALinkGoesNowhere()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->appendOutput(OutputStream::Stderr, kTraceback);
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        // From "File" to "line 4": the drag stays on the link, to copy its words.
        const QPoint from = pointAt(kInnerFrame);
        const QPoint to = pointAt(u"line 4, in main"_s);
        QTest::mousePress(view()->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view()->viewport(), to);
        QTest::mouseRelease(view()->viewport(), Qt::LeftButton, {}, to);
        QCOMPARE(spy.count(), 0);
        QVERIFY2(view()->textCursor().selectedText().contains(u"/work/untitled.py"_s),
                 qPrintable(view()->textCursor().selectedText()));
    }

    void tabReachesTheLinksAndEnterOpensOne()
    {
        m_pane->linkSources(sources(u"python"_s, u"untitled.py"_s));
        m_pane->setInputEnabled(true); // somewhere for Tab to go after the last link
        m_pane->appendOutput(OutputStream::Stderr, kTraceback);
        m_pane->plainText();
        QSignalSpy spy(m_pane.get(), &Ui::OutputPane::placeActivated);
        view()->setFocus();
        view()->moveCursor(QTextCursor::Start);
        QTest::keyClick(view(), Qt::Key_Tab);
        QCOMPARE(view()->textCursor().selectedText(), kOuterFrame);
        QTest::keyClick(view(), Qt::Key_Tab);
        QCOMPARE(view()->textCursor().selectedText(), kInnerFrame);
        QTest::keyClick(view(), Qt::Key_Return);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0), (QVariantList{u"untitled.py"_s, 4, 0}));
        QTest::keyClick(view(), Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(view()->textCursor().selectedText(), kOuterFrame);
        QTest::keyClick(view(), Qt::Key_Tab);
        QTest::keyClick(view(), Qt::Key_Tab); // past the last link: on to the input line
        QTRY_VERIFY(m_pane->inputLine()->hasFocus());
    }

private:
    std::unique_ptr<Ui::OutputPane> m_pane;
};

QTEST_MAIN(TestOutputLinks)
#include "tst_outputlinks.moc"
