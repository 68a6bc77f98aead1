#include "history/bufferjournal.h"

#include "files/ownerfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QUuid>

#include <algorithm>

namespace Sandpit::Core {

namespace {

constexpr int kFormat = 1;
const auto kEntrySuffix = QStringLiteral(".json");
const auto kKeptMark = QStringLiteral("/kept");

bool isPlainId(const QString &id)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_-]{1,64}$"));
    return plain.match(id).hasMatch();
}

QJsonObject toJson(const BufferJournal::Entry &e)
{
    return QJsonObject{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("buffer"), e.bufferId},
        {QStringLiteral("file"), e.filePath},
        {QStringLiteral("language"), e.languageId},
        {QStringLiteral("text"), e.text},
        {QStringLiteral("line"), e.line},
        {QStringLiteral("column"), e.column},
        {QStringLiteral("modified"), e.modified},
        {QStringLiteral("journaled_at"), e.journaledAt.toUTC().toString(Qt::ISODateWithMs)},
    };
}

Expected<BufferJournal::Entry> fromJson(const QByteArray &bytes)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (!doc.isObject())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("not a journal entry (%1)").arg(error.errorString()));
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toInt() != kFormat || !o.value(QStringLiteral("text")).isString())
        return makeError(RunError::Code::BadRequest, QStringLiteral("an entry of a format this Sandpit does not read"));
    BufferJournal::Entry e;
    e.bufferId = o.value(QStringLiteral("buffer")).toString();
    e.filePath = o.value(QStringLiteral("file")).toString();
    e.languageId = o.value(QStringLiteral("language")).toString();
    e.text = o.value(QStringLiteral("text")).toString();
    e.line = o.value(QStringLiteral("line")).toInt();
    e.column = o.value(QStringLiteral("column")).toInt();
    e.modified = o.value(QStringLiteral("modified")).toBool();
    e.journaledAt = QDateTime::fromString(o.value(QStringLiteral("journaled_at")).toString(), Qt::ISODateWithMs);
    return e;
}

} // namespace

BufferJournal::BufferJournal(QString root)
    : m_root(std::move(root))
{
}

Expected<void> BufferJournal::open()
{
    const QString name = QStringLiteral("session-%1-%2")
                             .arg(QCoreApplication::applicationPid())
                             .arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    const QString dir = m_root + QLatin1Char('/') + name;
    if (!QDir().mkpath(dir) || !OwnerFile::write(dir)) {
        return makeError(
            RunError::Code::SetupFailed,
            QStringLiteral("Could not make the autosave folder %1: unsaved text would not survive a crash.").arg(dir));
    }
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    m_sessionDir = dir;
    return {};
}

Expected<void> BufferJournal::write(const Entry &entry) const
{
    if (m_sessionDir.isEmpty() || !isPlainId(entry.bufferId))
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The autosave journal is not open, or the buffer has no plain id."));
    QSaveFile file(m_sessionDir + QLatin1Char('/') + entry.bufferId + kEntrySuffix);
    const QByteArray bytes = QJsonDocument(toJson(entry)).toJson(QJsonDocument::Compact);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not autosave to %1: %2.").arg(file.fileName(), file.errorString()));
    }
    return {};
}

void BufferJournal::remove(const QString &bufferId) const
{
    if (!m_sessionDir.isEmpty() && isPlainId(bufferId))
        QFile::remove(m_sessionDir + QLatin1Char('/') + bufferId + kEntrySuffix);
}

void BufferJournal::close()
{
    if (!m_sessionDir.isEmpty())
        QDir(m_sessionDir).removeRecursively();
    m_sessionDir.clear();
}

void BufferJournal::keep() const
{
    QFile mark(m_sessionDir + kKeptMark);
    if (!m_sessionDir.isEmpty())
        mark.open(QIODevice::WriteOnly);
}

BufferJournal::Recovery BufferJournal::findAbandoned(const QString &root)
{
    Recovery recovery;
    const QDir journal(root);
    QFileInfoList sessions = journal.entryInfoList({QStringLiteral("session-*")}, QDir::Dirs | QDir::NoSymLinks);
    std::sort(sessions.begin(), sessions.end(),
              [](const QFileInfo &a, const QFileInfo &b) { return a.lastModified() < b.lastModified(); });
    for (const QFileInfo &session : std::as_const(sessions)) {
        if (!OwnerFile::ownerIsGone(session.filePath()))
            continue; // a Sandpit still running (another window), or not ours to judge
        recovery.sessionDirs << session.filePath();
        if (!QFile::exists(session.filePath() + kKeptMark))
            recovery.crashed = true;
        const QDir dir(session.filePath());
        for (const QFileInfo &file : dir.entryInfoList({QStringLiteral("*") + kEntrySuffix},
                                                       QDir::Files | QDir::NoSymLinks, QDir::Time | QDir::Reversed)) {
            QFile f(file.filePath());
            if (!f.open(QIODevice::ReadOnly)) {
                recovery.skipped << file.filePath() + QStringLiteral(": ") + f.errorString();
                continue;
            }
            auto entry = fromJson(f.readAll());
            if (!entry) {
                recovery.skipped << file.filePath() + QStringLiteral(": ") + entry.error().message;
                continue;
            }
            recovery.entries << *entry;
        }
    }
    return recovery;
}

void BufferJournal::discard(const QStringList &sessionDirs)
{
    for (const QString &dir : sessionDirs)
        QDir(dir).removeRecursively();
}

} // namespace Sandpit::Core
