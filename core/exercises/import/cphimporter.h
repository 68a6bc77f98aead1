#pragma once

#include "exercises/import/packdraft.h"

#include <expected>

namespace Sandpit::Core {

/// CP Editor / Competitive Programming Helper tests: a folder of NAME.in with NAME.ans (or
/// NAME.out) pairs, CPH's .prob JSON, and a source file beside them as the solution. Disk work.
class CphImporter final
{
public:
    static std::expected<PackDraft, QString> read(const QString &path);
};

} // namespace Sandpit::Core
