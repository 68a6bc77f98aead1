#pragma once

#include <QProcessEnvironment>
#include <QString>

#include <optional>

class QSettings;

namespace Sandpit::Core {

/// Where exercises keep things, from QSettings (group "exercises") with defaults from
/// QStandardPaths.
struct ExerciseSettings {
    QString learnerFolder; ///< "learnerFolder": the learner's files (default: Documents/Sandpit Exercises)
    QString
        progressFolder; ///< Sandpit's data folder (SANDPIT_DATA_DIR, as the history's) + "/progress": one JSON file per course
    QString unpackFolder; ///< Sandpit's cache folder + "/packs": where zipped packs are unpacked

    /// From the application's QSettings and environment. SANDPIT_EXERCISES_LEARNER_FOLDER, when
    /// set, wins over the setting; an empty or relative folder (from either) is as if unset.
    static ExerciseSettings load();
    static ExerciseSettings load(const QSettings &settings, const QProcessEnvironment &environment);
    /// Saves what the user can change (the learner folder); the default folder is saved as no
    /// setting at all, so a later default applies.
    void save() const;
    void save(QSettings &settings) const;

    /// Documents/Sandpit Exercises
    static QString defaultLearnerFolder();
    /// "exercises/learnerFolder", as QSettings holds it.
    static QString learnerFolderKey();
    /// Why `text` is no good for the setting `key`, following the setting's name ("must be a
    /// whole path ..."), as the settings dialog shows it; nothing for a good value or another key.
    static std::optional<QString> problemWith(const QString &key, const QString &text);
};

} // namespace Sandpit::Core
