#pragma once

#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// One CSV cell (RFC 4180) that a spreadsheet opens as the text it is. A cell that begins with
/// = + - @, a tab or a carriage return is a formula to Excel and LibreOffice, and a student's
/// folder name or an error message is the student's text: "=HYPERLINK(…)" would become a link
/// that sends the sheet's other cells away when clicked. Such a cell is prefixed with ', as
/// OWASP's CSV-injection advice says; the cost is a visible ' before a negative number, which
/// grading never writes (scores and points are not negative).
QString csvCell(const QString &text);

/// `cells` as one CSV record, each through csvCell, ended with CRLF as RFC 4180 says.
QString csvRow(const QStringList &cells);

} // namespace Sandpit::Core
