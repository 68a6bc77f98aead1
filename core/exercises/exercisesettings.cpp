#include "exercises/exercisesettings.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStandardPaths>

namespace Sandpit::Core {

namespace {
const auto kLearnerFolderKey = QStringLiteral("exercises/learnerFolder");
const auto kLearnerFolderVariable = QStringLiteral("SANDPIT_EXERCISES_LEARNER_FOLDER");

QString defaultLearnerFolder()
{
    QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (documents.isEmpty())
        documents = QDir::homePath();
    return documents + QStringLiteral("/Sandpit Exercises");
}

/// A folder the learner named: absolute, or nothing (then the default serves).
QString usableFolder(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || !QDir::isAbsolutePath(trimmed))
        return {};
    return QDir::cleanPath(trimmed);
}
} // namespace

ExerciseSettings ExerciseSettings::load()
{
    ExerciseSettings settings;
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString chosen = environment.value(kLearnerFolderVariable);
    if (usableFolder(chosen).isEmpty())
        chosen = QSettings().value(kLearnerFolderKey).toString();
    settings.learnerFolder = usableFolder(chosen);
    if (settings.learnerFolder.isEmpty())
        settings.learnerFolder = defaultLearnerFolder();
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    settings.progressFolder = data + QStringLiteral("/progress");
    settings.unpackFolder = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/packs");
    return settings;
}

void ExerciseSettings::save() const
{
    QSettings settings;
    if (learnerFolder == defaultLearnerFolder())
        settings.remove(kLearnerFolderKey);
    else
        settings.setValue(kLearnerFolderKey, learnerFolder);
}

} // namespace Sandpit::Core
