#include "instructor/csvfile.h"

#include "grading/csvtext.h"

#include <QSaveFile>

namespace Sandpit::Ui {

std::expected<void, QString> writeCsv(const QString &path, const QList<QStringList> &rows)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return std::unexpected(QStringLiteral("Cannot write %1: %2").arg(path, file.errorString()));
    for (const QStringList &row : rows)
        file.write(Core::csvRow(row).toUtf8());
    if (!file.commit())
        return std::unexpected(QStringLiteral("Cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

} // namespace Sandpit::Ui
