#include "terminal/terminalcell.h"

#include <algorithm>

namespace Sandpit::Ui {

QString cellsText(const TerminalLine &cells, int from, int to)
{
    QString out;
    for (int i = std::max(0, from); i <= to && i < cells.size(); ++i) {
        if (cells[i].width == 0)
            continue; // the second half of a wide character
        out += cells[i].text.isEmpty() ? QStringLiteral(" ") : cells[i].text;
    }
    while (out.endsWith(QLatin1Char(' ')))
        out.chop(1);
    return out;
}

} // namespace Sandpit::Ui
