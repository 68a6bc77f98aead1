#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Ui {

/// Writes `rows` as RFC 4180 CSV, all at once (QSaveFile: a failed write leaves the old file),
/// each cell through Core::csvCell, so a formula stays text. Disk work: for a worker thread.
/// The error says why, for people.
std::expected<void, QString> writeCsv(const QString &path, const QList<QStringList> &rows);

} // namespace Sandpit::Ui
