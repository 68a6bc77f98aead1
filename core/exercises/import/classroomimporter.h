#pragma once

#include "exercises/import/packdraft.h"

#include <expected>

namespace Sandpit::Core {

/// GitHub Classroom's .github/classroom/autograding.json: its input/output tests become tests,
/// the repository around it the starter code. `path` is the repository or the JSON file. Disk work.
class ClassroomImporter final
{
public:
    static std::expected<PackDraft, QString> read(const QString &path);
};

} // namespace Sandpit::Core
