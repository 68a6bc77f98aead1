#pragma once

// Small files for the tests of what a run leaves in output/.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace TestFiles {

// A real 1x1 PNG, so the MIME type comes from the bytes and not only the name.
inline const QByteArray kPng = QByteArray::fromHex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                                                   "1f15c4890000000d49444154789c6300010000050001"
                                                   "0d0a2db40000000049454e44ae426082");

inline bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

} // namespace TestFiles
