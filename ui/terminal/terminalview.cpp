#include "terminal/terminalview.h"

#include "terminal/terminalfeeder.h"

#include <QApplication>
#include <QClipboard>
#include <QDeadlineTimer>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>

#include <cmath>

namespace Sandpit::Ui {

TerminalView::TerminalView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_thread(new QThread)
    , m_feeder(new TerminalFeeder(m_screen.size()))
{
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setAttribute(Qt::WA_InputMethodEnabled);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_thread->setObjectName(QStringLiteral("terminal feeder"));
    m_feeder->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_feeder, &QObject::deleteLater);
    connect(m_feeder, &TerminalFeeder::frameReady, this, &TerminalView::takeFrame);
    m_thread->start();
    m_repaintTimer.setSingleShot(true);
    connect(&m_repaintTimer, &QTimer::timeout, viewport(), qOverload<>(&QWidget::update));
    m_resizeTimer.setSingleShot(true);
    connect(&m_resizeTimer, &QTimer::timeout, this, [this] {
        if (std::exchange(m_announced, m_screen.size()) != m_screen.size())
            Q_EMIT sizeChanged(m_screen.size());
    });
    connect(&m_keys, &TerminalScreen::bytesToSend, this, &TerminalView::sendTyped);
    updateMetrics();
}

TerminalView::~TerminalView() = default;

void TerminalView::appendOutput(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    m_bytesAppended += bytes.size();
    QMetaObject::invokeMethod(m_feeder, [feeder = m_feeder, bytes] { feeder->add(bytes); }, Qt::QueuedConnection);
}

void TerminalView::takeFrame()
{
    if (std::optional<TerminalFrame> frame = m_feeder->takeFrame())
        applyFrame(std::move(*frame));
    QMetaObject::invokeMethod(m_feeder, [feeder = m_feeder] { feeder->frameTaken(); }, Qt::QueuedConnection);
}

void TerminalView::applyFrame(TerminalFrame &&frame)
{
    if (frame.generation != m_generation)
        return; // the screen of a program before clearAll()
    const QByteArray answers = std::exchange(frame.answers, {});
    m_skippedBytes = frame.skippedBytes;
    m_bytesShown = frame.bytesTaken;
    if (std::exchange(m_keyModes, frame.keyModes) != frame.keyModes)
        m_keys.setKeyModes(frame.keyModes);
    const bool scrolled = frame.changesScrollback();
    m_screen.apply(std::move(frame));
    if (scrolled)
        onScrollbackChanged();
    scheduleRepaint();
    if (!answers.isEmpty())
        Q_EMIT inputTyped(answers);
}

void TerminalView::flush()
{
    QMetaObject::invokeMethod(m_feeder, [feeder = m_feeder] { feeder->feedAll(); }, Qt::BlockingQueuedConnection);
    if (std::optional<TerminalFrame> frame = m_feeder->takeFrame())
        applyFrame(std::move(*frame));
    viewport()->update();
}

void TerminalView::clearAll()
{
    ++m_generation;
    m_bytesAppended = m_bytesShown = 0;
    QMetaObject::invokeMethod(
        m_feeder, [feeder = m_feeder, generation = m_generation] { feeder->reset(generation); }, Qt::QueuedConnection);
    m_keyModes = {};
    m_keys.setKeyModes({});
    m_selection.reset();
    m_scrolledBack = 0;
    m_screen.clear();
    updateScrollBar();
    viewport()->update();
}

void TerminalView::scheduleRepaint()
{
    if (!m_repaintTimer.isActive())
        m_repaintTimer.start(kRepaintMs);
}

void TerminalView::setTheme(const Theme &theme)
{
    m_colors = theme.editor;
    viewport()->update();
}

void TerminalView::setCursorShown(bool shown)
{
    m_cursorShown = shown;
    viewport()->update();
}

void TerminalView::updateMetrics()
{
    const QFontMetricsF metrics(font());
    m_cell = QSizeF(metrics.horizontalAdvance(QLatin1Char('M')), std::ceil(metrics.height()));
    m_ascent = int(std::ceil(metrics.ascent()));
    fitScreen();
    viewport()->update();
}

Core::TerminalSize TerminalView::cellsThatFit() const
{
    const QSize area = viewport()->size() - QSize(2 * kPadding, 2 * kPadding);
    return {std::max(2, int(area.width() / m_cell.width())), std::max(1, int(area.height() / m_cell.height()))};
}

void TerminalView::fitScreen()
{
    const Core::TerminalSize fits = cellsThatFit();
    if (fits == m_screen.size())
        return;
    // The screen takes the size at once, so what is drawn fits; the program hears of it once
    // the size settles.
    m_screen.resize(fits);
    QMetaObject::invokeMethod(m_feeder, [feeder = m_feeder, fits] { feeder->resize(fits); }, Qt::QueuedConnection);
    m_resizeTimer.start(kResizeDebounceMs);
}

void TerminalView::setAnnouncedSize(Core::TerminalSize size)
{
    m_announced = size;
    if (size != m_screen.size())
        m_resizeTimer.start(kResizeDebounceMs);
}

void TerminalView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    fitScreen();
}

void TerminalView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    // Zoom (presentation mode, Ctrl+=) and the editor font both arrive as a new font.
    if (event->type() == QEvent::FontChange)
        updateMetrics();
}

void TerminalView::onScrollbackChanged()
{
    // Scrolled back, the lines in view stay put while new ones arrive below.
    if (m_scrolledBack > 0)
        m_scrolledBack = std::clamp(m_scrolledBack + int(m_screen.linesPushed() - m_seenPushed), 0,
                                    m_screen.scrollbackLines());
    m_seenPushed = m_screen.linesPushed();
    updateScrollBar();
}

void TerminalView::updateScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    m_updatingScrollBar = true;
    const int lines = m_screen.scrollbackLines();
    bar->setRange(0, lines);
    bar->setPageStep(m_screen.size().rows);
    bar->setValue(lines - m_scrolledBack);
    m_updatingScrollBar = false;
}

void TerminalView::scrollContentsBy(int, int)
{
    if (m_updatingScrollBar)
        return;
    m_scrolledBack = verticalScrollBar()->maximum() - verticalScrollBar()->value();
    viewport()->update();
}

void TerminalView::scrollPage(int pages)
{
    m_scrolledBack
        = std::clamp(m_scrolledBack + pages * std::max(1, m_screen.size().rows - 1), 0, m_screen.scrollbackLines());
    updateScrollBar();
    viewport()->update();
}

void TerminalView::wheelEvent(QWheelEvent *event)
{
    // Ctrl+wheel is the window's zoom (PaneZoom watches the pane); the wheel alone scrolls
    // through the scrollback, three lines a notch.
    if (event->modifiers() & Qt::ControlModifier) {
        event->ignore();
        return;
    }
    const int lines = event->angleDelta().y() / 40;
    m_scrolledBack = std::clamp(m_scrolledBack + lines, 0, m_screen.scrollbackLines());
    updateScrollBar();
    viewport()->update();
    event->accept();
}

void TerminalView::sendTyped()
{
    const QByteArray bytes = m_keys.takeBytesToSend();
    if (!bytes.isEmpty())
        Q_EMIT inputTyped(bytes);
}

bool TerminalView::focusNextPrevChild(bool)
{
    return false; // Tab completes in the program; it does not leave the terminal
}

void TerminalView::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    viewport()->update();
}

void TerminalView::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}

} // namespace Sandpit::Ui
