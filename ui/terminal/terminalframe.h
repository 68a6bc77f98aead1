#pragma once

#include "model/terminalsize.h"
#include "terminal/terminalcell.h"
#include "terminal/terminalscreen.h"

#include <QByteArray>
#include <QList>
#include <QPoint>

namespace Sandpit::Ui {

/// A finished terminal screen, handed from the thread that feeds libvterm to the GUI thread
/// that draws it: the rows on screen, the cursor, and how the scrollback changed since the
/// last hand-over. Frames the GUI thread has not taken yet are merged, so one waits at most.
struct TerminalFrame {
    /// Which clearAll() the frame belongs to: one made before it is stale.
    quint64 generation = 0;
    Core::TerminalSize size;
    QList<TerminalLine> rows;
    QPoint cursor;
    bool cursorVisible = true;
    TerminalScreen::KeyModes keyModes;
    /// The scrollback changed as: emptied (if `cleared`), then `popped` of its newest lines
    /// taken back onto the screen (a resize to more rows), then `pushed` appended.
    bool cleared = false;
    int popped = 0;
    QList<TerminalLine> pushed; // oldest first
    qint64 linesPushed = 0;
    /// Bytes taken from the intake since the generation began (fed or skipped unread).
    qint64 bytesTaken = 0;
    /// Bytes skipped unread since the feeder began.
    qint64 skippedBytes = 0;
    /// The terminal's answers to the program (a cursor position report).
    QByteArray answers;

    bool changesScrollback() const { return cleared || popped > 0 || !pushed.isEmpty(); }
    /// This frame followed by `newer`: newer's screen, both scrollback changes, both answers.
    void merge(TerminalFrame &&newer);
};

} // namespace Sandpit::Ui
