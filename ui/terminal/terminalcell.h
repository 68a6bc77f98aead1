#pragma once

#include "output/textstyle.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <climits>

namespace Sandpit::Ui {

/// One character cell of a terminal: what it shows and how. A wide character (CJK, an emoji)
/// fills its own cell with width 2, and the cell after it is empty with width 0.
struct TerminalCell {
    QString text; ///< empty: a blank
    TextStyle style;
    int width = 1;
};

using TerminalLine = QList<TerminalCell>;

/// The text of cells `from` to `to` inclusive, without trailing blanks.
QString cellsText(const TerminalLine &cells, int from, int to);

/// The text from (`fromRow`, `fromColumn`) to (`toRow`, `toColumn`) inclusive of the rows
/// `lineAt(row)` gives, rows joined with '\n' and each line's trailing blanks left out: what
/// Copy puts on the clipboard.
template<typename LineAt>
QString rowsText(const LineAt &lineAt, int fromRow, int fromColumn, int toRow, int toColumn)
{
    QStringList lines;
    for (int row = fromRow; row <= toRow; ++row)
        lines.append(cellsText(lineAt(row), row == fromRow ? fromColumn : 0, row == toRow ? toColumn : INT_MAX));
    return lines.join(QLatin1Char('\n'));
}

} // namespace Sandpit::Ui
