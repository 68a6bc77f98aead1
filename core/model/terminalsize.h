#pragma once

#include <QMetaType>

namespace Sandpit::Core {

/// The size of a terminal in character cells, as a pty's TIOCSWINSZ takes it.
struct TerminalSize {
    int columns = 80;
    int rows = 24;

    friend bool operator==(const TerminalSize &, const TerminalSize &) = default;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::TerminalSize)
