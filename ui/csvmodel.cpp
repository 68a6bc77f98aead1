#include "csvmodel.h"

#include <QStringDecoder>

#include <algorithm>

namespace Sandpit::Ui {

CsvTable CsvModel::parse(const QByteArray &data, char delimiter, int maxRows)
{
    QStringDecoder decode(QStringDecoder::Utf8);
    const QString text = decode(data);
    CsvTable table;
    QStringList row;
    QString field;
    bool quoted = false;
    bool haveHeader = false;
    const auto endRow = [&] {
        row << field;
        field.clear();
        if (!haveHeader) {
            table.header = row;
            haveHeader = true;
        } else if (table.rows.size() < maxRows) {
            table.rows << row;
        } else {
            table.truncated = true;
        }
        row.clear();
    };
    const QChar sep = QLatin1Char(delimiter);
    for (qsizetype i = 0; i < text.size() && !table.truncated; ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"') && field.isEmpty()) {
            quoted = true; // a quote inside an unquoted field is only a character
        } else if (c == sep) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            endRow();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) {
            continue; // the \n ends the row
        } else {
            field += c;
        }
    }
    if (!table.truncated && (!field.isEmpty() || !row.isEmpty()))
        endRow(); // a last line without \n
    return table;
}

CsvModel::CsvModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CsvModel::setTable(CsvTable table)
{
    beginResetModel();
    m_table = std::move(table);
    m_columns = int(m_table.header.size());
    for (const QStringList &row : std::as_const(m_table.rows))
        m_columns = std::max(m_columns, int(row.size()));
    endResetModel();
}

int CsvModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int CsvModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QVariant CsvModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const QStringList &row = m_table.rows.at(index.row());
    return index.column() < row.size() ? row.at(index.column()) : QString();
}

QVariant CsvModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return section < m_table.header.size() ? m_table.header.at(section) : QString();
}

} // namespace Sandpit::Ui
