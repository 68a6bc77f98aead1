#pragma once

#include "output/textstyle.h"

#include <QList>
#include <QString>

namespace Sandpit::Ui {

/// One character cell of a terminal: what it shows and how. A wide character (CJK, an emoji)
/// fills its own cell with width 2, and the cell after it is empty with width 0.
struct TerminalCell {
    QString text; ///< empty: a blank
    TextStyle style;
    int width = 1;
};

using TerminalLine = QList<TerminalCell>;

} // namespace Sandpit::Ui
