#include "exercises/learnerfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace Sandpit::Core {

namespace {
/// An id as one folder name: nothing that climbs out of its parent or hides.
QString folderName(const QString &id)
{
    QString name = id;
    name.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
    name.remove(QChar(u'\0'));
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1);
    return name.isEmpty() ? QStringLiteral("exercise") : name;
}

std::expected<QByteArray, QString> starterText(const ExerciseLanguage &language)
{
    // An exercise without starter code starts from an empty file: the learner writes it all.
    if (language.starterPath.isEmpty())
        return QByteArray();
    QFile starter(language.starterPath);
    if (!starter.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("The exercise's starter file %1 cannot be read: %2.")
                                   .arg(QDir::toNativeSeparators(language.starterPath), starter.errorString()));
    return starter.readAll();
}

std::expected<void, QString> writeWhole(const QString &path, const QByteArray &text)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return std::unexpected(QStringLiteral("The folder %1 cannot be made.")
                                   .arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath())));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit())
        return std::unexpected(
            QStringLiteral("%1 cannot be written: %2.").arg(QDir::toNativeSeparators(path), file.errorString()));
    return {};
}
std::expected<void, QString> writeStarter(const QString &path, const ExerciseLanguage &language)
{
    const auto starter = starterText(language);
    if (!starter)
        return std::unexpected(starter.error());
    return writeWhole(path, *starter);
}
} // namespace

LearnerFiles::LearnerFiles(QString root)
    : m_root(std::move(root))
{
}

QString LearnerFiles::pathFor(const Course &course, const Exercise &exercise, const ExerciseLanguage &language) const
{
    return m_root + QLatin1Char('/') + folderName(course.id) + QLatin1Char('/') + folderName(exercise.id)
        + QLatin1Char('/') + folderName(QFileInfo(language.entryFile).fileName());
}

std::expected<QString, QString> LearnerFiles::ensure(const Course &course, const Exercise &exercise,
                                                     const ExerciseLanguage &language) const
{
    const QString path = pathFor(course, exercise, language);
    if (QFileInfo::exists(path))
        return path;
    if (const auto written = writeStarter(path, language); !written)
        return std::unexpected(written.error());
    return path;
}

std::expected<QByteArray, QString> LearnerFiles::resetToStarter(const Course &course, const Exercise &exercise,
                                                                const ExerciseLanguage &language) const
{
    const QString path = pathFor(course, exercise, language);
    QByteArray old;
    if (QFile file(path); file.exists()) {
        if (!file.open(QIODevice::ReadOnly))
            return std::unexpected(
                QStringLiteral("%1 cannot be read: %2.").arg(QDir::toNativeSeparators(path), file.errorString()));
        old = file.readAll();
    }
    if (const auto written = writeStarter(path, language); !written)
        return std::unexpected(written.error());
    return old;
}

} // namespace Sandpit::Core
