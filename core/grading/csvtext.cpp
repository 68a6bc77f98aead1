#include "grading/csvtext.h"

namespace Sandpit::Core {

namespace {
bool startsAFormula(const QString &text)
{
    static const QString kFormulaStarts = QStringLiteral("=+-@\t\r");
    return !text.isEmpty() && kFormulaStarts.contains(text.front());
}

bool needsQuotes(const QString &text)
{
    return text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r');
}
} // namespace

QString csvCell(const QString &text)
{
    QString cell = startsAFormula(text) ? u'\'' + text : text;
    if (!needsQuotes(cell))
        return cell;
    cell.replace(u'"', QStringLiteral("\"\""));
    return u'"' + cell + u'"';
}

QString csvRow(const QStringList &cells)
{
    QStringList quoted;
    quoted.reserve(cells.size());
    for (const QString &cell : cells)
        quoted << csvCell(cell);
    return quoted.join(u',') + QStringLiteral("\r\n");
}

} // namespace Sandpit::Core
