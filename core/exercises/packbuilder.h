#pragma once

#include "exercises/exercise.h"

#include <QList>
#include <QString>

#include <expected>

namespace Sandpit::Core {

/// Who a build of a pack is for.
enum class PackAudience {
    /// Learners: without the reference solutions (solution/), the wrong programs (wrong/) and
    /// the secret tests, with the files only those tests use. Hidden tests stay: they are on the
    /// learner's disk, as the rest of the pack.
    Learner,
    /// The instructor who grades: everything.
    Instructor,
};

struct PackBuildRequest {
    QString packPath; ///< the pack: a folder, or a .zip
    PackAudience audience = PackAudience::Learner;
    QString output;       ///< a .zip file, or else a folder
    bool replace = false; ///< an output that exists (a file, or a folder with something in it) is replaced
    QString unpackRoot;   ///< where a zipped pack is unpacked to be read
};

/// What a build left out of one exercise.
struct PackLeftOut {
    QString exerciseId;
    int solutions = 0;     ///< files under solution/
    int wrongPrograms = 0; ///< files under wrong/
    int secretTests = 0;
    int secretFiles = 0; ///< input and expected files only secret tests use
};

struct PackBuildResult {
    QString output; ///< absolute
    QString courseTitle;
    int exercises = 0;
    int files = 0;
    qint64 bytes = 0;           ///< the zip's size, or the files' sizes added up
    QList<PackLeftOut> leftOut; ///< the exercises a learner build took something out of
};

struct PackBuildError {
    QString message;
    QList<PackProblem> problems; ///< a pack with problems is not built: each one, to fix
};

/// Builds `request.packPath` for its audience into `request.output`: read with PackLoader
/// first (a pack with any problem is refused), written completely or not at all (a zip through
/// a temporary file, a folder through a temporary folder beside it), with sorted entries and
/// fixed timestamps so that two builds of the same pack are the same bytes, and read back with
/// PackLoader before it counts as built.
std::expected<PackBuildResult, PackBuildError> buildPack(const PackBuildRequest &request);

} // namespace Sandpit::Core
