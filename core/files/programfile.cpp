#include "files/programfile.h"

#include "base/filedescriptor.h"
#include "model/units.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

namespace {
std::unexpected<RunError> refuse(const QString &message)
{
    return makeError(RunError::Code::BadRequest, message);
}

QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return QStringLiteral("a folder");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return QStringLiteral("a device");
    if (S_ISFIFO(mode))
        return QStringLiteral("a pipe");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    return QStringLiteral("not a regular file");
}

QString notAFile(const QString &path, mode_t mode)
{
    if (S_ISDIR(mode))
        return QStringLiteral("%1 is a folder, not a program: name the program's file in it").arg(path);
    // A pipe (`<(…)`) could be read, but so could /dev/zero, forever: a program comes from a
    // file, or from stdin with "-".
    return QStringLiteral("%1 is %2, not a program file: name a file that holds the program, or give - "
                          "with --lang to read the program from standard input")
        .arg(path, kindOf(mode));
}

/// `size`: the file's, or none when only the first bytes past the limit were read (a stream).
QString tooLarge(const QString &name, std::optional<qint64> size)
{
    const QString limit = formatBytes(ProgramFile::kMaxBytes);
    return QStringLiteral("%1 is %2, too large to be a program: Sandpit runs programs of up to %3 (give the "
                          "program data with --file or --stdin instead)")
        .arg(name, size ? formatBytes(*size) : QStringLiteral("more than ") + limit, limit);
}

/// "line 3, column 7" of the byte at `offset`, counted in characters as an editor shows them;
/// everything before `offset` is valid UTF-8.
QString placeOf(const QByteArray &content, qsizetype offset)
{
    const QByteArrayView before(content.constData(), offset);
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = QString::fromUtf8(before.sliced(lineStart)).toUcs4().size() + 1;
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

// The length of the UTF-8 sequence `lead` starts, and the range its second byte must be in
// (which rules out overlong forms, surrogates and code points past U+10FFFF); 0 if none.
int sequenceLength(unsigned char lead, unsigned char &low, unsigned char &high)
{
    // The second byte's range narrows after E0 and F0 (no overlong forms), ED (no surrogates)
    // and F4 (nothing past U+10FFFF); every other continuation byte is 80..BF.
    low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
    high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    return lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
}
} // namespace

qsizetype ProgramFile::firstInvalidUtf8(QByteArrayView bytes)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.data());
    const qsizetype n = bytes.size();
    for (qsizetype i = 0; i < n;) {
        if (p[i] < 0x80) {
            ++i;
            continue;
        }
        unsigned char low = 0;
        unsigned char high = 0;
        const int length = sequenceLength(p[i], low, high);
        if (length == 0 || i + length > n || p[i + 1] < low || p[i + 1] > high)
            return i;
        for (int k = 2; k < length; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
        }
        i += length;
    }
    return -1;
}

QString ProgramFile::unreadableMessage(const QString &path, int error)
{
    switch (error) {
    case ENOENT:
    case ENOTDIR:
        return QStringLiteral("%1 does not exist: check the file's name and folder").arg(path);
    case EACCES:
    case EPERM:
        return QStringLiteral("%1 cannot be read: permission denied (ask its owner for read access, or run a copy "
                              "of it)")
            .arg(path);
    case ELOOP:
        return QStringLiteral("%1 is a symbolic link that leads in a circle: name the program's file itself").arg(path);
    case EISDIR:
        return notAFile(path, S_IFDIR);
    default:
        return QStringLiteral("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(error)));
    }
}

Expected<QByteArray> ProgramFile::check(const QString &name, QByteArray content)
{
    if (content.size() > kMaxBytes)
        return refuse(tooLarge(name, std::nullopt));
    if (content.trimmed().isEmpty())
        return refuse(QStringLiteral("%1 is empty: nothing to run (write the program in it first)").arg(name));
    if (const qsizetype bad = firstInvalidUtf8(content); bad >= 0) {
        return refuse(QStringLiteral("%1 is not UTF-8 text: the byte 0x%2 at %3 is not valid UTF-8 (save the "
                                     "file as UTF-8 in your editor and run it again)")
                          .arg(name, QString::number(uchar(content.at(bad)), 16).toUpper(), placeOf(content, bad)));
    }
    // NUL is valid UTF-8, but no program holds one: this is a binary file, or UTF-16 text.
    if (const qsizetype nul = content.indexOf('\0'); nul >= 0) {
        return refuse(QStringLiteral("%1 holds a NUL byte at %2, so it is a binary file or text in UTF-16: a "
                                     "program must be UTF-8 text")
                          .arg(name, placeOf(content, nul)));
    }
    return content;
}

Expected<QByteArray> ProgramFile::read(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    struct stat st { };
    if (::stat(native.constData(), &st) != 0)
        return refuse(unreadableMessage(path, errno));
    if (!S_ISREG(st.st_mode))
        return refuse(notAFile(path, st.st_mode));
    if (st.st_size > kMaxBytes)
        return refuse(tooLarge(path, st.st_size));
    // O_NONBLOCK: should the path turn into a pipe between stat() and open(), the open must
    // not wait for a writer; fstat() then refuses it.
    const FileDescriptor fd(::open(native.constData(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (!fd.isValid())
        return refuse(unreadableMessage(path, errno));
    if (::fstat(fd.get(), &st) != 0)
        return refuse(unreadableMessage(path, errno));
    if (!S_ISREG(st.st_mode))
        return refuse(notAFile(path, st.st_mode));
    auto content = readStream(fd.get(), path);
    if (!content)
        return content;
    return check(path, std::move(*content));
}

Expected<QByteArray> ProgramFile::readStream(int fd, const QString &name)
{
    QByteArray content;
    char buffer[65536];
    // One chunk past the limit at most: a file that grows while it is read, or an endless
    // stream, stays bounded, and check() refuses it.
    while (content.size() <= kMaxBytes) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return refuse(unreadableMessage(name, errno));
        if (n == 0)
            break;
        content.append(buffer, n);
    }
    return content;
}

} // namespace Sandpit::Core
