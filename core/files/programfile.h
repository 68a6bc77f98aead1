#pragma once

#include "model/runerror.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Sandpit::Core {

/// A program handed to Sandpit as a file (`sandpit run FILE`) or as bytes (`sandpit run -`),
/// checked before anything runs: every refusal is a sentence that names the file and says
/// what to do, never a bare errno.
class ProgramFile final
{
public:
    /// The editor opens files up to the same size (Ui::TextFile::kMaxBytes), so a program one
    /// front end runs, the other can too. Past it, the file is data, not a program.
    static constexpr qint64 kMaxBytes = 20LL * 1024 * 1024;

    /// The bytes of the regular file at `path`. A device, a folder or a pipe is refused from
    /// its type before it is opened, so /dev/zero cannot make Sandpit read forever.
    static Expected<QByteArray> read(const QString &path);
    /// What `fd` gives until its end, or kMaxBytes and a little more (the content unchecked);
    /// `name` names it in an error.
    static Expected<QByteArray> readStream(int fd, const QString &name);
    /// `content` checked as a program called `name`: not empty, not past kMaxBytes, UTF-8.
    static Expected<QByteArray> check(const QString &name, QByteArray content);
    /// Why `path` could not be opened or read, from the errno of the failed call.
    static QString unreadableMessage(const QString &path, int error);
    /// The offset of the first byte that is not part of valid UTF-8, or -1.
    static qsizetype firstInvalidUtf8(QByteArrayView bytes);
};

} // namespace Sandpit::Core
