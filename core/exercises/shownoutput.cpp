// How a test's outputs are shown: clipped, and as a diff with whitespace made visible.
#include "exercises/judge.h"

#include "exercises/visibletext.h"
#include "history/textdiff.h"

namespace Sandpit::Core {

namespace {
// Lines of the differing middle a diff shows at most on each side, and the equal lines
// around it: enough to find the mistake, bounded for a program that printed megabytes.
constexpr qsizetype kMiddleLines = 400;
constexpr int kContext = 3;

bool isContinuationByte(char byte)
{
    return (static_cast<unsigned char>(byte) & 0xC0) == 0x80;
}

QString notShownLines(qsizetype count)
{
    return count == 1 ? QStringLiteral("  … 1 equal line not shown")
                      : QStringLiteral("  … %1 equal lines not shown").arg(count);
}

void appendDiffLines(QStringList &out, const QStringList &before, const QStringList &after)
{
    for (const TextDiff::Line &line : TextDiff::compare(before, after)) {
        const char *mark = line.op == TextDiff::Op::Equal ? "  " : line.op == TextDiff::Op::Delete ? "- " : "+ ";
        out.append(QLatin1StringView(mark) + line.text);
    }
}

/// At most kMiddleLines of `lines` from `from`, and a line saying how many more were left out.
QStringList capped(const QStringList &lines, qsizetype from, qsizetype to, QStringList &leftOut, QChar mark)
{
    const qsizetype count = to - from;
    if (count > kMiddleLines)
        leftOut.append(QStringLiteral("%1 … %2 more lines not shown").arg(mark).arg(count - kMiddleLines));
    return lines.mid(from, std::min(count, kMiddleLines));
}
} // namespace

QByteArray clipForShow(const QByteArray &data, qsizetype limit)
{
    if (data.size() <= limit)
        return data;
    qsizetype headEnd = limit / 2;
    while (headEnd > 0 && isContinuationByte(data.at(headEnd)))
        --headEnd;
    qsizetype tailStart = data.size() - limit / 2;
    while (tailStart < data.size() && isContinuationByte(data.at(tailStart)))
        ++tailStart;
    const qsizetype hidden = tailStart - headEnd;
    return data.left(headEnd) + "\n… " + QByteArray::number(hidden) + " bytes not shown …\n" + data.mid(tailStart);
}

QString visibleDiff(const QByteArray &expected, const QByteArray &actual)
{
    if (expected == actual)
        return {};
    const QStringList want = VisibleText::lines(expected);
    const QStringList got = VisibleText::lines(actual);
    // Equal lines at both ends are shown only near the difference, so that a long output's
    // diff stays short and the search for the shortest script stays small.
    const auto [head, tail] = TextDiff::commonEnds(want, got);

    QStringList out{QStringLiteral("- expected   + printed   · space   → tab   ¶ end of line")};
    const qsizetype shownHead = std::min<qsizetype>(head, kContext);
    if (head > shownHead)
        out.append(notShownLines(head - shownHead));
    for (qsizetype i = head - shownHead; i < head; ++i)
        out.append(QStringLiteral("  ") + want.at(i));
    QStringList leftOut;
    appendDiffLines(out, capped(want, head, want.size() - tail, leftOut, u'-'),
                    capped(got, head, got.size() - tail, leftOut, u'+'));
    out += leftOut;
    const qsizetype shownTail = std::min<qsizetype>(tail, kContext);
    for (qsizetype i = want.size() - tail; i < want.size() - tail + shownTail; ++i)
        out.append(QStringLiteral("  ") + want.at(i));
    if (tail > shownTail)
        out.append(notShownLines(tail - shownTail));
    return out.join(QLatin1Char('\n'));
}

} // namespace Sandpit::Core
