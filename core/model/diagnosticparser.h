#pragma once

#include "model/diagnostic.h"
#include "model/runrequest.h"
#include "model/sourcemention.h"

#include <QStringList>

#include <optional>

namespace Sandpit::Core {

/// Turns what compilers and failing programs print into Diagnostics on the learner's own
/// files. Each format is one tool's way of naming a place:
/// - "gcc": GCC and Clang, `file:line:col: error|warning|note: message`, UBSan's
///   `file:line:col: runtime error: message`, and the linker's undefined references;
/// - "python": tracebacks and syntax errors, `File "x.py", line N`, the exception as message;
/// - "node": the `/path/file.js:N` header of an uncaught error or SyntaxError, and its stack;
/// - "javac": `File.java:N: error: message`, the column from the caret line;
/// - "java": an uncaught exception's stack, `at Class.method(File.java:N)`;
/// - "rustc": `error[E…]: message` then `--> file:line:col`, and panics;
/// - "bash": `file: line N: message`.
/// The sandbox names files by where it sees them (/work/main.py, or a host workspace's
/// .../work/main.py when the sandbox could not be built); they are mapped back to the names of
/// the run's sources, and a place in any other file (a library) is left out.
class DiagnosticParser final
{
public:
    /// Every tool names a place near the start of its line; a 4,000-character line that
    /// happens to name a source costs its patterns no more than this.
    static constexpr qsizetype kMentionChars = 1024;

    static QStringList knownFormats();

    DiagnosticParser() = default;
    DiagnosticParser(QStringList formats, QList<SourceFile> sources);

    /// Everything found in `output` (a stderr), in the order printed, without repeats.
    QList<Diagnostic> parse(const QByteArray &output) const;

    /// The place in the learner's files that one line of output names, with the same patterns
    /// as parse() (the frame lines of a stack included). Cheap on the lines that name none of
    /// the sources, and bounded on those that do: the patterns read at most kMentionChars.
    std::optional<SourceMention> mentionIn(QStringView line) const;
    /// mentionIn() for each line of `text` ('\n' between lines), `start` counted from the
    /// start of `text`. The text is searched once for the sources' names, so lines that name
    /// none cost less than a look at each.
    QList<SourceMention> mentionsIn(QStringView text) const;

    /// The source's name when `path` is one of the run's sources as the tool saw it.
    std::optional<QString> sourceName(QStringView path) const;
    /// `line` of `file` (1-based), or an empty string.
    QString sourceLine(const QString &file, int line) const;

private:
    QStringList m_formats;
    QList<SourceFile> m_sources;
};

} // namespace Sandpit::Core
