#pragma once
// Writing TOML text by hand, for the pack writer: it writes new files and edits an author's
// exercise.toml in place (so comments and order stay), which no TOML serializer does.

#include <QByteArray>
#include <QString>

namespace Sandpit::Core {

/// `text` as a TOML basic string, quotes included, every control character escaped.
QByteArray tomlString(const QString &text);
/// The byte offset of a toml++ position (1-based line, column in characters) in `text`.
qsizetype tomlByteOffset(const QByteArray &text, int line, int column);
/// A name for a file or folder made from `text`: lower case letters, digits and '-'; `fallback`
/// when nothing is left.
QString slugOf(const QString &text, const QString &fallback);

} // namespace Sandpit::Core
