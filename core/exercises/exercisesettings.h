#pragma once

#include <QString>

namespace Sandpit::Core {

/// Where exercises keep things, from QSettings (group "exercises") with defaults from
/// QStandardPaths.
struct ExerciseSettings {
    QString learnerFolder;  ///< "learnerFolder": the learner's files (default: Documents/Sandpit Exercises)
    QString progressFolder; ///< Sandpit's data folder + "/progress": one JSON file per course
    QString unpackFolder;   ///< Sandpit's cache folder + "/packs": where zipped packs are unpacked

    static ExerciseSettings load();
    /// Saves what the user can change (the learner folder).
    void save() const;
};

} // namespace Sandpit::Core
