#include "exercises/exercisesettings.h"

#include "settings/folderpath.h"
#include "settings/historysettings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace Sandpit::Core {

namespace {

const auto kGroup = QStringLiteral("exercises");
const auto kLearnerFolderKey = QStringLiteral("learnerFolder");
const auto kLearnerFolderVariable = QStringLiteral("SANDPIT_EXERCISES_LEARNER_FOLDER");

} // namespace

QString ExerciseSettings::defaultLearnerFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QStringLiteral("/Sandpit Exercises");
}

QString ExerciseSettings::learnerFolderKey()
{
    return kGroup + QLatin1Char('/') + kLearnerFolderKey;
}

std::optional<QString> ExerciseSettings::problemWith(const QString &key, const QString &text)
{
    if (key != learnerFolderKey() || !absoluteFolder(text).isEmpty())
        return std::nullopt;
    return QStringLiteral("must be a whole path to a folder, starting with / or ~/, but it is \"%1\".").arg(text);
}

ExerciseSettings ExerciseSettings::load(const QSettings &settings, const QProcessEnvironment &environment)
{
    ExerciseSettings out;
    out.learnerFolder = absoluteFolder(environment.value(kLearnerFolderVariable));
    if (out.learnerFolder.isEmpty())
        out.learnerFolder = absoluteFolder(settings.value(learnerFolderKey()).toString());
    if (out.learnerFolder.isEmpty())
        out.learnerFolder = defaultLearnerFolder();
    // Beside the run history, in Sandpit's data folder (SANDPIT_DATA_DIR when set).
    out.progressFolder = QFileInfo(HistorySettings::defaultDirectory(environment)).path() + QStringLiteral("/progress");
    out.unpackFolder = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/packs");
    return out;
}

ExerciseSettings ExerciseSettings::load()
{
    const QSettings settings;
    return load(settings, QProcessEnvironment::systemEnvironment());
}

void ExerciseSettings::save(QSettings &settings) const
{
    if (learnerFolder == defaultLearnerFolder())
        settings.remove(learnerFolderKey());
    else
        settings.setValue(learnerFolderKey(), learnerFolder);
}

void ExerciseSettings::save() const
{
    QSettings settings;
    save(settings);
}

} // namespace Sandpit::Core
