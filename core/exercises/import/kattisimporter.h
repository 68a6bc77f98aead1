#pragma once

#include "exercises/import/packdraft.h"

#include <expected>

namespace Sandpit::Core {

/// A Kattis problem package (legacy and 2023-07 forms): problem.yaml, the statement, data/
/// sample and secret tests, output validator flags, a single-file output validator and the
/// submissions. Disk work.
class KattisImporter final
{
public:
    static std::expected<PackDraft, QString> read(const QString &path);
};

} // namespace Sandpit::Core
