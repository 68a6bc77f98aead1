#pragma once

#include <QByteArray>
#include <QString>

#include <expected>

namespace Sandpit::Core {

class TomlTable;

/// The files one exercise names, found below its folder and never outside its pack: a pack
/// from someone else must not make Sandpit read (and show, or copy into a workspace) a file of
/// the user's such as ~/.ssh/id_rsa through "../../" or a symlink.
class PackFiles final
{
public:
    PackFiles(QString exerciseFolder, QString packFolder);

    const QString &folder() const { return m_folder; }
    /// The absolute path of the file `relative` names, or why it cannot be used: absolute,
    /// outside the pack (after following links), missing, or not a regular file.
    std::expected<QString, QString> resolve(const QString &relative) const;
    /// The path a key's value names, resolved; a problem at the value otherwise. An empty
    /// string when the key is absent and `fallback` is empty.
    QString resolveKey(const TomlTable &table, const char *key, const QString &fallback = {}) const;
    /// Whether `name` is a path for a program's workspace: relative, no "..", not empty.
    static bool isPlainRelativePath(const QString &name);

private:
    QString m_folder;
    QString m_packFolder; ///< canonical
};

/// Writes `bytes` to `path` atomically (a reader sees the old file or the new one, whole),
/// making its folders; the error is one sentence.
std::expected<void, QString> writePackFile(const QString &path, const QByteArray &bytes);

} // namespace Sandpit::Core
