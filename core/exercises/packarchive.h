#pragma once

#include "exercises/exercise.h"

#include <QString>

#include <expected>

namespace Sandpit::Core {

/// A zipped pack, unpacked with libarchive into a folder of its own below an unpack root. The
/// folder's name carries a hash of the zip, so a changed zip is unpacked anew (and the old copy
/// removed) while an unchanged one is reused. A zip is untrusted input: an entry with "..", an
/// absolute path, a link or a device refuses the whole zip, and so do more than kMaxEntries
/// entries or more than kMaxBytes unpacked (a zip bomb), counted as the bytes come out rather
/// than from what the headers claim. Nothing is ever written outside the zip's own folder.
class PackArchive final
{
public:
    static constexpr qint64 kMaxBytes = 256LL * 1024 * 1024;
    static constexpr int kMaxEntries = 10000;

    /// The folder the zip at `zipPath` is unpacked in, or why it cannot be.
    static std::expected<QString, PackProblem> unpack(const QString &zipPath, const QString &unpackRoot);
    /// The file an unpacked zip's folder holds to say it was unpacked completely; not the pack's.
    static QString completeMarker();
};

} // namespace Sandpit::Core
