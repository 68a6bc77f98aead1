#pragma once

#include "exercises/exercise.h"

#include <QString>

#include <expected>

namespace Sandpit::Core {

/// Reads an exercise pack: a folder holding course.toml and one folder per exercise, or the
/// same folder zipped. Documented in docs/EXERCISES.md. Plain disk work: call it off the GUI
/// thread.
class PackLoader final
{
public:
    /// `unpackRoot`: where a zipped pack is unpacked (a folder per pack below it, replaced when
    /// the zip changed). Nothing is ever written outside it: entries with ".." or absolute
    /// paths, links and device files are refused.
    explicit PackLoader(QString unpackRoot);

    /// The course at `path` (a folder or a .zip). An error only when there is no course at all
    /// (no course.toml, or one that cannot be read); an exercise with a problem is left out,
    /// its problem listed in Course::problems, and the rest stays usable.
    std::expected<Course, PackProblem> load(const QString &path) const;

private:
    QString m_unpackRoot;
};

} // namespace Sandpit::Core
