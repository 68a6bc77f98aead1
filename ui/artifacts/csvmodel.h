#pragma once

#include <QAbstractTableModel>
#include <QByteArray>
#include <QList>
#include <QStringList>

namespace Sandpit::Ui {

/// A CSV or TSV file read into rows, and its header when the first row names the columns.
struct CsvTable {
    QStringList header; ///< empty when the first row is data (it holds a number)
    QList<QStringList> rows;
    bool truncated = false; ///< there were more rows than were kept
};

/// A read-only table model of a CSV or TSV file.
class CsvModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    /// Parses RFC 4180 text: fields in double quotes may hold the delimiter, line breaks and
    /// doubled quotes (""), and \r\n ends a line as \n does. Keeps at most `maxRows` rows
    /// after the header. The first row is the header when it has a name and no number in
    /// it (as in Python's csv.Sniffer); else it is data. Invalid UTF-8 becomes U+FFFD.
    static CsvTable parse(const QByteArray &data, char delimiter, int maxRows);

    explicit CsvModel(QObject *parent = nullptr);

    void setTable(CsvTable table);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    CsvTable m_table;
    int m_columns = 0;
};

} // namespace Sandpit::Ui
