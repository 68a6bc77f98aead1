#include "history/runhistory.h"

#include "engine/logging.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSaveFile>

namespace Sandpit::Core {

namespace {
const QString kSuffix = QStringLiteral(".json");
// Bounds what one record may cost to read: a file this big was not written by Sandpit.
constexpr qint64 kMaxRecordFileBytes = 64LL * 1024 * 1024;

/// "20261123T142501123Z-3fa9c1": sorts by time; the random tail keeps two runs that end in the
/// same millisecond (two windows, or the CLI beside the GUI) apart.
QString newId(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmsszzz'Z'")) + QLatin1Char('-')
        + QString::number(QRandomGenerator::global()->bounded(0x1000000), 16).rightJustified(6, QLatin1Char('0'));
}
} // namespace

RunHistory::RunHistory(QString directory, int maxRecords)
    : m_directory(std::move(directory))
    , m_maxRecords(maxRecords)
{
}

std::expected<QString, QString> RunHistory::store(const RunRecord &record) const
{
    if (!QDir().mkpath(m_directory))
        return std::unexpected(QStringLiteral("cannot create the history folder %1").arg(m_directory));
    RunRecord stored = record;
    stored.id = newId(record.time.isValid() ? record.time : QDateTime::currentDateTimeUtc());
    QSaveFile file(QDir(m_directory).filePath(stored.id + kSuffix));
    if (!file.open(QIODevice::WriteOnly))
        return std::unexpected(QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()));
    file.write(QJsonDocument(stored.toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return std::unexpected(QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()));
    prune();
    return stored.id;
}

RunHistory::Listing RunHistory::load(int limit) const
{
    Listing listing;
    for (const QString &name : fileNamesNewestFirst()) {
        if (limit >= 0 && listing.records.size() >= limit)
            break;
        QFile file(QDir(m_directory).filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            if (file.exists()) // else pruned by another writer while we listed: not a problem
                listing.notes << QStringLiteral("Skipped %1: cannot read it (%2).").arg(name, file.errorString());
            continue;
        }
        if (file.size() > kMaxRecordFileBytes) {
            listing.notes << QStringLiteral("Skipped %1: at %2 bytes it is too big to be a run record.")
                                 .arg(name)
                                 .arg(file.size());
            continue;
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            listing.notes << QStringLiteral("Skipped %1: it is not a JSON object (%2).")
                                 .arg(name,
                                      error.error != QJsonParseError::NoError ? error.errorString()
                                                                              : QStringLiteral("wrong type"));
            continue;
        }
        auto record = RunRecord::fromJson(doc.object());
        if (!record) {
            listing.notes << QStringLiteral("Skipped %1: %2.").arg(name, record.error());
            continue;
        }
        record->id = name.chopped(kSuffix.size());
        listing.records << *record;
    }
    return listing;
}

QStringList RunHistory::fileNamesNewestFirst() const
{
    return QDir(m_directory)
        .entryList({QLatin1Char('*') + kSuffix}, QDir::Files | QDir::Hidden, QDir::Name | QDir::Reversed);
}

void RunHistory::prune() const
{
    const QStringList names = fileNamesNewestFirst();
    for (qsizetype i = m_maxRecords; i < names.size(); ++i) {
        if (!QFile::remove(QDir(m_directory).filePath(names.at(i))))
            qCWarning(lcEngine, "cannot delete the old run record %s", qPrintable(names.at(i)));
    }
}

} // namespace Sandpit::Core
