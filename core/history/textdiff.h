#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// A line-based diff (Myers' O(ND) algorithm), for comparing a stored code snapshot with the
/// editor's text. Qt has no diff class, and the texts are small programs, so lines are enough.
class TextDiff final
{
public:
    enum class Op { Equal, Delete, Insert };
    struct Line {
        Op op;
        QString text;
        friend bool operator==(const Line &, const Line &) = default;
    };

    /// Lines of `text` without their line ends; a final line end adds no empty line.
    static QStringList splitLines(const QString &text);
    /// How many lines two texts share at their start (`head`), and then at their end (`tail`,
    /// never overlapping the head): what any diff of them may set aside at no cost.
    struct CommonEnds {
        qsizetype head = 0;
        qsizetype tail = 0;
    };
    static CommonEnds commonEnds(const QStringList &before, const QStringList &after);
    /// The shortest edit script turning `before` into `after`, as one list of lines. Past a
    /// few thousand differing lines it stops searching and replaces the differing middle whole:
    /// still a correct script, only not the shortest.
    static QList<Line> compare(const QStringList &before, const QStringList &after);
    /// A unified diff (as `diff -u` prints it) with `context` lines around each change, or an
    /// empty string when the texts have the same lines.
    static QString unified(const QString &before, const QString &after, const QString &beforeName,
                           const QString &afterName, int context = 3);
};

} // namespace Sandpit::Core
