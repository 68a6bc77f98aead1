// The terminal widget: the bytes a key sends, the selection and Copy, Paste, the scrollback,
// the size it tells the program, and what it draws.

#include "terminal/terminalview.h"
#include "theme/theme.h"

#include <QApplication>
#include <QClipboard>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using Ui::TerminalView;

class TestTerminalView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void keysBecomeTheBytesATerminalSends_data();
    void keysBecomeTheBytesATerminalSends();
    void arrowsFollowTheApplicationCursorMode();
    void ctrlCReachesTheProgramNotTheWindow();
    void dragSelectsAndCtrlShiftCCopies();
    void doubleClickSelectsAWord();
    void ctrlShiftVPastesBracketedWhenAsked();
    void resizeTellsTheNewSizeInCellsOnce();
    void wheelAndShiftPageUpScrollBack();
    void typingGoesBackToTheLiveScreen();
    void outputArrivesInTurns();
    void cellsAreDrawnInTheirColours();

private:
    QByteArray press(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier, const QString &text = {});
    QPoint cellCentre(int column, int row) const;

    std::unique_ptr<TerminalView> m_view;
};

void TestTerminalView::init()
{
    m_view = std::make_unique<TerminalView>();
    m_view->resize(400, 200);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    m_view->setFocus();
}

void TestTerminalView::cleanup()
{
    m_view.reset();
}

QByteArray TestTerminalView::press(int key, Qt::KeyboardModifiers modifiers, const QString &text)
{
    QSignalSpy typed(m_view.get(), &TerminalView::inputTyped);
    if (text.isEmpty()) {
        QTest::keyClick(m_view.get(), Qt::Key(key), modifiers);
    } else { // as a keyboard types it: QTest's own text for Shift+A is "a"
        QKeyEvent event(QEvent::KeyPress, key, modifiers, text);
        QApplication::sendEvent(m_view.get(), &event);
    }
    QByteArray bytes;
    for (const QList<QVariant> &signal : typed)
        bytes += signal.at(0).toByteArray();
    return bytes;
}

QPoint TestTerminalView::cellCentre(int column, int row) const
{
    const QSizeF cell = m_view->cellSize();
    return QPoint(TerminalView::kPadding + int((column + 0.5) * cell.width()),
                  TerminalView::kPadding + int((row + 0.5) * cell.height()));
}

void TestTerminalView::keysBecomeTheBytesATerminalSends_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("letter") << int(Qt::Key_A) << int(Qt::NoModifier) << QString() << QByteArray("a");
    QTest::newRow("shifted letter") << int(Qt::Key_A) << int(Qt::ShiftModifier) << QStringLiteral("A")
                                    << QByteArray("A");
    QTest::newRow("non-ASCII") << int(Qt::Key_Udiaeresis) << int(Qt::NoModifier) << QStringLiteral("ü")
                               << QByteArray("\xc3\xbc");
    QTest::newRow("Enter") << int(Qt::Key_Return) << int(Qt::NoModifier) << QString() << QByteArray("\r");
    QTest::newRow("Tab") << int(Qt::Key_Tab) << int(Qt::NoModifier) << QString() << QByteArray("\t");
    QTest::newRow("Backspace") << int(Qt::Key_Backspace) << int(Qt::NoModifier) << QString() << QByteArray("\x7f");
    QTest::newRow("Ctrl+C") << int(Qt::Key_C) << int(Qt::ControlModifier) << QString() << QByteArray("\x03");
    QTest::newRow("Ctrl+D") << int(Qt::Key_D) << int(Qt::ControlModifier) << QString() << QByteArray("\x04");
    QTest::newRow("Ctrl+L") << int(Qt::Key_L) << int(Qt::ControlModifier) << QString() << QByteArray("\x0c");
    QTest::newRow("Up") << int(Qt::Key_Up) << int(Qt::NoModifier) << QString() << QByteArray("\x1b[A");
    QTest::newRow("Left") << int(Qt::Key_Left) << int(Qt::NoModifier) << QString() << QByteArray("\x1b[D");
    QTest::newRow("Ctrl+Right") << int(Qt::Key_Right) << int(Qt::ControlModifier) << QString()
                                << QByteArray("\x1b[1;5C");
    QTest::newRow("Home") << int(Qt::Key_Home) << int(Qt::NoModifier) << QString() << QByteArray("\x1b[H");
    QTest::newRow("End") << int(Qt::Key_End) << int(Qt::NoModifier) << QString() << QByteArray("\x1b[F");
    QTest::newRow("Delete") << int(Qt::Key_Delete) << int(Qt::NoModifier) << QString() << QByteArray("\x1b[3~");
    QTest::newRow("Escape") << int(Qt::Key_Escape) << int(Qt::NoModifier) << QString() << QByteArray("\x1b");
}

void TestTerminalView::keysBecomeTheBytesATerminalSends()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(QString, text);
    QFETCH(QByteArray, bytes);
    QCOMPARE(press(key, Qt::KeyboardModifiers(modifiers), text), bytes);
}

void TestTerminalView::arrowsFollowTheApplicationCursorMode()
{
    // A full-screen program (less, a curses menu) asks for SS3 arrows; readline does not.
    m_view->appendOutput("\x1b[?1h");
    m_view->flush();
    QCOMPARE(press(Qt::Key_Up), QByteArray("\x1bOA"));
}

void TestTerminalView::ctrlCReachesTheProgramNotTheWindow()
{
    // A window-wide Ctrl+C (the editor's Copy) must not take the interrupt from the terminal.
    QWidget window;
    auto *view = new TerminalView(&window);
    auto *copy = new QAction(&window);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_C));
    copy->setShortcutContext(Qt::WindowShortcut);
    window.addAction(copy);
    QSignalSpy copied(copy, &QAction::triggered);
    QSignalSpy typed(view, &TerminalView::inputTyped);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(typed.count(), 1);
    QCOMPARE(typed.first().at(0).toByteArray(), QByteArray("\x03"));
    QCOMPARE(copied.count(), 0);
}

void TestTerminalView::dragSelectsAndCtrlShiftCCopies()
{
    m_view->appendOutput(">>> x = [1, 2]\r\n>>> x\r\n[1, 2]\r\n");
    m_view->flush();
    QWidget *viewport = m_view->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, cellCentre(4, 0));
    QTest::mouseMove(viewport, cellCentre(2, 2));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, cellCentre(2, 2));
    QVERIFY(m_view->hasSelection());
    QApplication::clipboard()->clear();
    QCOMPARE(press(Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier), QByteArray()); // nothing to the program
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("x = [1, 2]\n>>> x\n[1,"));
    // A click without a drag is no selection.
    QTest::mouseClick(viewport, Qt::LeftButton, {}, cellCentre(1, 1));
    QVERIFY(!m_view->hasSelection());
}

void TestTerminalView::doubleClickSelectsAWord()
{
    m_view->appendOutput(">>> total_sum = 42");
    m_view->flush();
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, {}, cellCentre(7, 0));
    QCOMPARE(m_view->selectedText(), QStringLiteral("total_sum"));
}

void TestTerminalView::ctrlShiftVPastesBracketedWhenAsked()
{
    QApplication::clipboard()->setText(QStringLiteral("for i in range(3):\n    print(i)\n"));
    QCOMPARE(press(Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier),
             QByteArray("for i in range(3):\r    print(i)\r"));
    m_view->appendOutput("\x1b[?2004h");
    m_view->flush();
    QCOMPARE(press(Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier),
             QByteArray("\x1b[200~for i in range(3):\r    print(i)\r\x1b[201~"));
}

void TestTerminalView::resizeTellsTheNewSizeInCellsOnce()
{
    QSignalSpy sized(m_view.get(), &TerminalView::sizeChanged);
    QTRY_COMPARE(sized.count(), 1); // the first size, once shown
    sized.clear();
    // A drag passes through many sizes; the program hears the last one only.
    for (int width = 420; width <= 600; width += 20)
        m_view->resize(width, 300);
    QTRY_COMPARE(sized.count(), 1);
    const auto size = sized.first().at(0).value<Core::TerminalSize>();
    const int padding = 2 * TerminalView::kPadding;
    QCOMPARE(size.columns, int((m_view->viewport()->width() - padding) / m_view->cellSize().width()));
    QCOMPARE(size.rows, int((m_view->viewport()->height() - padding) / m_view->cellSize().height()));
    QCOMPARE(m_view->screen().size(), size);
    // A bigger font (zoom) fits fewer cells.
    sized.clear();
    QFont font = m_view->font();
    font.setPointSizeF(font.pointSizeF() * 2);
    m_view->setFont(font);
    QTRY_COMPARE(sized.count(), 1);
    QVERIFY(sized.first().at(0).value<Core::TerminalSize>().columns < size.columns);
}

void TestTerminalView::wheelAndShiftPageUpScrollBack()
{
    QByteArray lines;
    for (int i = 0; i < 100; ++i)
        lines += "line " + QByteArray::number(i) + "\r\n";
    m_view->appendOutput(lines);
    m_view->flush();
    QCOMPARE(m_view->scrolledBack(), 0);
    QCOMPARE(m_view->verticalScrollBar()->value(), m_view->verticalScrollBar()->maximum());
    QTest::keyClick(m_view.get(), Qt::Key_PageUp, Qt::ShiftModifier);
    QCOMPARE(m_view->scrolledBack(), m_view->screen().size().rows - 1);
    QWheelEvent wheel(cellCentre(1, 1), m_view->mapToGlobal(cellCentre(1, 1)), {}, {0, 120}, Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    QCOMPARE(m_view->scrolledBack(), m_view->screen().size().rows - 1 + 3);
    // New output while scrolled back leaves the lines in view where they are.
    const int before = m_view->scrolledBack();
    m_view->appendOutput("more\r\nand more\r\n");
    m_view->flush();
    QCOMPARE(m_view->scrolledBack(), before + 2);
    QTest::keyClick(m_view.get(), Qt::Key_PageDown, Qt::ShiftModifier);
    QVERIFY(m_view->scrolledBack() < before + 2);
}

void TestTerminalView::typingGoesBackToTheLiveScreen()
{
    m_view->appendOutput(QByteArray("x\r\n").repeated(100));
    m_view->flush();
    QTest::keyClick(m_view.get(), Qt::Key_PageUp, Qt::ShiftModifier);
    QVERIFY(m_view->scrolledBack() > 0);
    press(Qt::Key_A);
    QCOMPARE(m_view->scrolledBack(), 0);
}

void TestTerminalView::outputArrivesInTurns()
{
    // 8 MB in one go is more than one turn of the event loop feeds: the rest waits, and all of
    // it is shown in the end. In colour, so none of it may be skipped unread.
    QByteArray flood = QByteArray("\x1b[32my\x1b[0m\r\n").repeated(8 * 1024 * 1024 / 13);
    flood += "the end";
    m_view->appendOutput(flood);
    QVERIFY(m_view->hasPendingOutput());
    QCoreApplication::processEvents();
    QVERIFY(m_view->hasPendingOutput());
    QTRY_VERIFY_WITH_TIMEOUT(!m_view->hasPendingOutput(), 30'000);
    QCOMPARE(m_view->screen().lineText(m_view->screen().cursor().y()), QStringLiteral("the end"));
}

void TestTerminalView::cellsAreDrawnInTheirColours()
{
    Ui::Theme theme = Ui::Theme::dark();
    m_view->setTheme(theme);
    m_view->appendOutput("\x1b[41m    \x1b[0m\r\n\r\n");
    m_view->flush();
    m_view->clearFocus();
    const QImage image = m_view->viewport()->grab().toImage();
    QCOMPARE(image.pixelColor(cellCentre(1, 0)), QColor(0xcc, 0x00, 0x00));
    QCOMPARE(image.pixelColor(cellCentre(10, 1)), theme.editor.paper);
}

QTEST_MAIN(TestTerminalView)
#include "tst_terminalview.moc"
