#pragma once

#include "model/runerror.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace Sandpit::Core {

/// The tar streams of Docker's archive endpoints, which carry a run's files to a daemon that
/// does not share our file system (a classroom's engine behind tcp://) and its output/ back.
/// Built on libarchive.
class DockerArchive final
{
public:
    /// A file to add beside a folder's contents.
    struct Extra {
        QString path; ///< relative, e.g. ".sandpit/run.sh"
        QByteArray data;
        int mode = 0644;
    };
    struct Owner {
        int uid = 0;
        int gid = 0;
    };

    /// A tar of what is in `folder` (regular files and folders; links and anything else are
    /// left out), then `extras` in order, every entry owned by `owner`.
    /// Folders are 0777 and files keep their permission bits, so the container's user can
    /// write where the host user could.
    static Expected<QByteArray> pack(const QString &folder, const QList<Extra> &extras, Owner owner);

    /// A tar of what is in `folder` (regular files and folders, as pack()) under `prefix`, a
    /// relative path such as "opt/sandpit-env", every entry root's and no folder writable by
    /// anyone else: for a tree that no run's program may change (see DockerEnvImage).
    static Expected<QByteArray> packReadOnly(const QString &folder, const QString &prefix);

    struct Unpacked {
        int files = 0;
        int skipped = 0;        ///< links, devices and the like: never made on the host
        bool truncated = false; ///< the caps below were reached
    };
    /// Whether an entry is wanted: its path in the tar, and a file's content (null for a
    /// folder). One it declines is not written and costs nothing of the caps.
    using Filter = std::function<bool(QByteArrayView path, const QByteArray *content)>;

    /// Writes the regular files and folders of `tar` under `destination`, replacing a file of
    /// the same name. Never a link, never a path outside it (no "..", no absolute path), never
    /// an owner or a setuid bit (only the executable bits are kept, as 0755); at most
    /// `maxFiles` files and `maxBytes` bytes in all, of those `wanted` accepts.
    static Expected<Unpacked> unpack(const QByteArray &tar, const QString &destination, int maxFiles, qint64 maxBytes,
                                     const Filter &wanted = {});
};

} // namespace Sandpit::Core
