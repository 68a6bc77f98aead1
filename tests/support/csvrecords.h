#pragma once
// Reads CSV back the way a spreadsheet's import does (RFC 4180: quoted cells, "" for a quote,
// CRLF or LF between records), so a test sees the cells a user would see, not the bytes.

#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace SandpitTest {

inline QList<QStringList> csvRecords(const QString &text)
{
    QList<QStringList> records;
    QStringList record;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"')
                cell += text.at(++i);
            else if (c == u'"')
                quoted = false;
            else
                cell += c;
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            record << std::exchange(cell, {});
        } else if (c == u'\n' || c == u'\r') {
            if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
                ++i;
            record << std::exchange(cell, {});
            records << std::exchange(record, {});
        } else {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !record.isEmpty())
        records << (record << cell);
    return records;
}

} // namespace SandpitTest
