#pragma once

#include "exercises/import/packdraft.h"

#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

/// Writes a PackDraft as a one-exercise Sandpit pack, then loads it with PackLoader: a
/// conversion the loader refuses is reported as an error, never as a pack. Disk work.
class PackDraftWriter final
{
public:
    /// `folder` must not exist or be empty, unless `force`. Returns the files written,
    /// relative to `folder`.
    static std::expected<QStringList, QString> write(const PackDraft &draft, const QString &folder, bool force);
};

} // namespace Sandpit::Core
