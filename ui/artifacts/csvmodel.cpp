#include "artifacts/csvmodel.h"

#include <QStringDecoder>

#include <algorithm>

namespace Sandpit::Ui {

namespace {

bool isNumber(const QString &field)
{
    bool ok = false;
    field.trimmed().toDouble(&ok);
    return ok;
}

// The first row names the columns unless it holds numbers: a program writing only data
// (primes, measurements) must not lose its first row to the header. A header needs a name in
// at least one field and a number in none, and a row after it.
bool firstRowIsHeader(const QList<QStringList> &rows)
{
    if (rows.size() < 2)
        return false;
    const QStringList &first = rows.first();
    return std::ranges::any_of(first, [](const QString &f) { return !f.trimmed().isEmpty(); })
        && std::ranges::none_of(first, isNumber);
}

} // namespace

CsvTable CsvModel::parse(const QByteArray &data, char delimiter, int maxRows)
{
    QStringDecoder decode(QStringDecoder::Utf8);
    const QString text = decode(data);
    CsvTable table;
    QStringList row;
    QString field;
    bool quoted = false;
    // One row more than asked for: the first may turn out to be the header.
    const auto endRow = [&] {
        row << field;
        field.clear();
        if (table.rows.size() <= maxRows)
            table.rows << row;
        else
            table.truncated = true;
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
    if (firstRowIsHeader(table.rows))
        table.header = table.rows.takeFirst();
    if (table.rows.size() > maxRows) {
        table.rows.removeLast();
        table.truncated = true;
    }
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
    // Without a header row, columns are numbered as rows are.
    if (m_table.header.isEmpty())
        return section + 1;
    return section < m_table.header.size() ? m_table.header.at(section) : QString();
}

} // namespace Sandpit::Ui
