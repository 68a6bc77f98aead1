#include "instructor/csvfile.h"

#include <QSaveFile>

namespace Sandpit::Ui {

namespace {

QString csvField(QString field)
{
    // Quoted when it holds a separator, a quote or a line break; a leading = + - @ is kept as
    // text so a spreadsheet never runs a student's folder name as a formula.
    if (!field.isEmpty() && QStringLiteral("=+-@").contains(field.front()))
        field.prepend(u'\'');
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\n') && !field.contains(u'\r'))
        return field;
    field.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + field + u'"';
}

} // namespace

std::expected<void, QString> writeCsv(const QString &path, const QList<QStringList> &rows)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return std::unexpected(QStringLiteral("Cannot write %1: %2").arg(path, file.errorString()));
    for (const QStringList &row : rows) {
        QStringList fields;
        for (const QString &field : row)
            fields.append(csvField(field));
        file.write((fields.join(u',') + QStringLiteral("\r\n")).toUtf8());
    }
    if (!file.commit())
        return std::unexpected(QStringLiteral("Cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

} // namespace Sandpit::Ui
