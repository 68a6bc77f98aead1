#pragma once

#include "model/terminalsize.h"
#include "terminal/terminalframe.h"
#include "terminal/terminalintake.h"
#include "terminal/terminalscreen.h"

#include <QMutex>
#include <QObject>
#include <QTimer>

#include <optional>

namespace Sandpit::Ui {

/// A terminal's state on a thread of its own: what the program wrote waits in an intake and is
/// fed to a TerminalScreen (libvterm) there, and finished screens are handed to the GUI thread
/// as TerminalFrames, so under a flood the GUI thread only draws. Live on a worker thread;
/// everything but takeFrame() is called there (queued). It runs at the GUI thread's priority:
/// a nicer feeder (nice 10) made no difference to the GUI thread's stalls in
/// bench_terminalpane (36-76 ms against 40-56 ms, loaded machine) and settled up to 3x slower.
class TerminalFeeder final : public QObject
{
    Q_OBJECT
public:
    /// Bytes fed between two looks at the event queue (a resize, a reset), and the feeding
    /// between two frames: about as often as the view repaints.
    static constexpr qsizetype kBytesPerStep = 16 * 1024;
    static constexpr int kTurnMs = 16;

    explicit TerminalFeeder(Core::TerminalSize size);

    void add(const QByteArray &bytes);
    void resize(Core::TerminalSize size);
    /// A blank screen and an empty scrollback; frames from now on carry `generation`.
    void reset(quint64 generation);
    /// Feeds everything waiting and hands the frame over at once, merged with one waiting.
    void feedAll();
    /// The GUI thread took the last frame: the next may follow as soon as anything changed.
    void frameTaken();

    /// The waiting frame, taken; from any thread.
    std::optional<TerminalFrame> takeFrame();

Q_SIGNALS:
    /// A frame waits in takeFrame(); said once until it is taken.
    void frameReady();

private:
    void takeTurn();
    void feedSlice();
    void skipUnseen();
    void publish(bool evenIfOneWaits);
    TerminalFrame makeFrame();

    TerminalScreen *m_screen; // a child, so it moves to the feeder's thread with it
    QTimer *m_turnTimer;
    TerminalIntake m_intake;
    quint64 m_generation = 0;
    qint64 m_bytesTaken = 0;
    qint64 m_skippedBytes = 0;
    // The scrollback since the last frame: whether it was emptied, and the fewest lines it had
    // pushed (a resize to more rows takes lines back) against what the last frame said.
    bool m_cleared = false;
    qint64 m_lowWater = 0;
    qint64 m_published = 0;
    bool m_dirty = true;

    QMutex m_mutex;
    std::optional<TerminalFrame> m_waiting; // guarded by m_mutex
};

} // namespace Sandpit::Ui
