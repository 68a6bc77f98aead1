#include "terminal/terminalfeeder.h"

#include <QDeadlineTimer>

namespace Sandpit::Ui {

TerminalFeeder::TerminalFeeder(Core::TerminalSize size)
    : m_screen(new TerminalScreen(size, this))
    , m_turnTimer(new QTimer(this))
{
    m_turnTimer->setSingleShot(true);
    connect(m_turnTimer, &QTimer::timeout, this, &TerminalFeeder::takeTurn);
}

void TerminalFeeder::add(const QByteArray &bytes)
{
    m_intake.add(bytes);
    // At once when idle, so an echoed key shows without a wait; in a flood, turn by turn.
    if (!m_turnTimer->isActive())
        m_turnTimer->start(0);
}

void TerminalFeeder::takeTurn()
{
    const QDeadlineTimer turn(kTurnMs);
    skipUnseen();
    while (!m_intake.isEmpty() && !turn.hasExpired())
        feedSlice();
    publish(false);
    if (!m_intake.isEmpty())
        m_turnTimer->start(0); // the rest after a resize or reset that waited for this turn
}

void TerminalFeeder::feedSlice()
{
    const QByteArray slice = m_intake.take(kBytesPerStep);
    m_bytesTaken += slice.size();
    m_screen->feed(slice);
    m_dirty = true;
}

void TerminalFeeder::skipUnseen()
{
    // What scrolls past the scrollback's top before it is drawn is never seen.
    const qsizetype skipped = m_intake.skipUnseen(TerminalScreen::kMaxScrollback + m_screen->size().rows);
    m_skippedBytes += skipped;
    m_bytesTaken += skipped;
}

void TerminalFeeder::feedAll()
{
    skipUnseen();
    while (!m_intake.isEmpty())
        feedSlice();
    m_turnTimer->stop();
    m_dirty = true;
    publish(true);
}

void TerminalFeeder::resize(Core::TerminalSize size)
{
    m_screen->resize(size);
    m_lowWater = std::min(m_lowWater, m_screen->linesPushed());
    m_dirty = true;
    publish(false);
}

void TerminalFeeder::reset(quint64 generation)
{
    m_intake.clear();
    m_turnTimer->stop();
    m_screen->reset();
    m_generation = generation;
    m_bytesTaken = 0;
    m_cleared = true;
    m_lowWater = m_published = 0;
    m_dirty = true;
    publish(false);
}

void TerminalFeeder::frameTaken()
{
    publish(false);
}

void TerminalFeeder::publish(bool evenIfOneWaits)
{
    if (!m_dirty)
        return;
    {
        const QMutexLocker lock(&m_mutex);
        if (m_waiting && !evenIfOneWaits)
            return; // the GUI thread has not drawn the last one: the next can carry more
    }
    TerminalFrame frame = makeFrame();
    {
        const QMutexLocker lock(&m_mutex);
        if (m_waiting) {
            m_waiting->merge(std::move(frame));
            return;
        }
        m_waiting = std::move(frame);
    }
    Q_EMIT frameReady();
}

TerminalFrame TerminalFeeder::makeFrame()
{
    TerminalFrame frame;
    frame.generation = m_generation;
    frame.size = m_screen->size();
    frame.rows.reserve(frame.size.rows);
    for (int row = 0; row < frame.size.rows; ++row)
        frame.rows.append(m_screen->line(row));
    frame.cursor = m_screen->cursor();
    frame.cursorVisible = m_screen->isCursorVisible();
    frame.keyModes = m_screen->keyModes();
    frame.cleared = std::exchange(m_cleared, false);
    const qint64 pushed = m_screen->linesPushed();
    frame.popped = int(m_published - m_lowWater);
    const qint64 fresh = std::min<qint64>(pushed - m_lowWater, m_screen->scrollbackLines());
    frame.pushed.reserve(fresh);
    for (qint64 i = fresh; i > 0; --i)
        frame.pushed.append(m_screen->line(int(-i)));
    m_published = m_lowWater = pushed;
    frame.linesPushed = pushed;
    frame.bytesTaken = m_bytesTaken;
    frame.skippedBytes = m_skippedBytes;
    frame.answers = m_screen->takeBytesToSend();
    m_dirty = false;
    return frame;
}

std::optional<TerminalFrame> TerminalFeeder::takeFrame()
{
    const QMutexLocker lock(&m_mutex);
    return std::exchange(m_waiting, std::nullopt);
}

} // namespace Sandpit::Ui
