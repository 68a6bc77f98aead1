#pragma once
// Writing and reading the small files the engine tests set up and check.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>

namespace SandpitTest {

// A real 1x1 PNG, so the MIME type comes from the bytes and not only the name.
inline const QByteArray kPng = QByteArray::fromHex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                                                   "1f15c4890000000d49444154789c6300010000050001"
                                                   "0d0a2db40000000049454e44ae426082");

/// Writes `content` to `path`, making its folders. False (and a warning in the log, for the
/// tests that go on to check what they wrote) when it could not.
inline bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    const bool ok = file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
    if (!ok)
        qWarning("cannot write %s", qPrintable(path));
    return ok;
}

/// Writes `content` to `name` in `dir` and returns its path. A test cannot go on without the
/// file it sets up, so a failure ends the test run here rather than in a confusing check later.
inline QString writeInto(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    if (!writeFile(path, content))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

/// The file's bytes; "<missing>" when it cannot be read, so that no expected content,
/// not even an empty one, matches a file that is not there.
inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

} // namespace SandpitTest

namespace TestFiles = SandpitTest;
