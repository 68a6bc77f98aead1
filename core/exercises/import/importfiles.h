#pragma once
// Reading a package from another tool, which may be a stranger's: a link is never followed
// (one pointing outside would let an import copy a user's file into a pack they then share),
// and names with ".." are refused.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

class ImportFiles final
{
public:
    explicit ImportFiles(QString root);

    QString root() const { return m_root; }
    /// The regular files below `folder` (relative to the root), sorted, relative to the root.
    /// Links and other non-files are left out and warned about into `warnings`.
    QStringList filesBelow(const QString &folder, bool recursive, QStringList &warnings) const;
    bool isFile(const QString &relative) const;
    bool isFolder(const QString &relative) const;
    /// A regular file's bytes; an error for a link, a name with "..", or a file that cannot be read.
    std::expected<QByteArray, QString> read(const QString &relative) const;
    /// As read(), but text: an error for a NUL byte (a binary file given as text).
    std::expected<QByteArray, QString> readText(const QString &relative) const;

private:
    QString m_root;
};

/// The language id a file's extension means, of Sandpit's built-in ones; empty if none.
QString languageForFile(const QString &fileName);

} // namespace Sandpit::Core
