#include "history/textdiff.h"

#include <algorithm>
#include <vector>

namespace Sandpit::Core {

namespace {
// Bounds the search's memory (the trace grows with D²): beyond this many edits the middle is
// replaced whole instead.
constexpr int kMaxEdits = 2000;

using Lines = QStringList;

/// Myers' greedy forward search over a[0..n) and b[0..m), recording each step's frontier, then
/// walking it back. Returns false when more than kMaxEdits edits would be needed.
bool myers(const Lines &a, qsizetype aBegin, qsizetype n, const Lines &b, qsizetype bBegin, qsizetype m,
           QList<TextDiff::Line> &out)
{
    const qsizetype max = std::min<qsizetype>(n + m, kMaxEdits);
    // frontier[k + offset]: the furthest x reached on diagonal k = x - y.
    const qsizetype offset = max + 1;
    std::vector<qsizetype> frontier(size_t(2 * max + 3), 0);
    std::vector<std::vector<qsizetype>> trace; // trace[d]: the frontier before step d, k in [-d-1, d+1]
    const auto at = [&](qsizetype k) -> qsizetype & { return frontier[size_t(k + offset)]; };
    qsizetype found = -1;
    for (qsizetype d = 0; d <= max && found < 0; ++d) {
        trace.emplace_back(frontier.begin() + (offset - d - 1), frontier.begin() + (offset + d + 2));
        for (qsizetype k = -d; k <= d; k += 2) {
            qsizetype x = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? at(k + 1) : at(k - 1) + 1;
            qsizetype y = x - k;
            while (x < n && y < m && a.at(aBegin + x) == b.at(bBegin + y)) {
                ++x;
                ++y;
            }
            at(k) = x;
            if (x >= n && y >= m) {
                found = d;
                break;
            }
        }
    }
    if (found < 0)
        return false;

    QList<TextDiff::Line> reversed;
    qsizetype x = n;
    qsizetype y = m;
    for (qsizetype d = found; d >= 0; --d) {
        const std::vector<qsizetype> &v = trace[size_t(d)];
        const auto before = [&](qsizetype k) { return v[size_t(k + d + 1)]; };
        const qsizetype k = x - y;
        const qsizetype prevK = (k == -d || (k != d && before(k - 1) < before(k + 1))) ? k + 1 : k - 1;
        const qsizetype prevX = before(prevK);
        const qsizetype prevY = prevX - prevK;
        while (x > prevX && y > prevY) {
            --x;
            --y;
            reversed.append({TextDiff::Op::Equal, a.at(aBegin + x)});
        }
        if (d > 0) {
            if (x == prevX)
                reversed.append({TextDiff::Op::Insert, b.at(bBegin + --y)});
            else
                reversed.append({TextDiff::Op::Delete, a.at(aBegin + --x)});
        }
    }
    std::reverse(reversed.begin(), reversed.end());
    out += reversed;
    return true;
}

QString range(qsizetype start, qsizetype count)
{
    // diff -u numbers lines from 1; an empty range names the line before it.
    const qsizetype first = count == 0 ? start : start + 1;
    return count == 1 ? QString::number(first) : QStringLiteral("%1,%2").arg(first).arg(count);
}
} // namespace

QStringList TextDiff::splitLines(const QString &text)
{
    if (text.isEmpty())
        return {};
    QString normalized = text;
    normalized.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    QStringList lines = normalized.split(QLatin1Char('\n'));
    if (normalized.endsWith(QLatin1Char('\n')))
        lines.removeLast();
    return lines;
}

TextDiff::CommonEnds TextDiff::commonEnds(const QStringList &before, const QStringList &after)
{
    CommonEnds ends;
    while (ends.head < before.size() && ends.head < after.size() && before.at(ends.head) == after.at(ends.head))
        ++ends.head;
    while (ends.tail < before.size() - ends.head && ends.tail < after.size() - ends.head
           && before.at(before.size() - 1 - ends.tail) == after.at(after.size() - 1 - ends.tail))
        ++ends.tail;
    return ends;
}

QList<TextDiff::Line> TextDiff::compare(const QStringList &before, const QStringList &after)
{
    // The common head and tail cost nothing to find and usually leave a small middle.
    const auto [head, tail] = commonEnds(before, after);

    QList<Line> out;
    for (qsizetype i = 0; i < head; ++i)
        out.append({Op::Equal, before.at(i)});
    const qsizetype n = before.size() - head - tail;
    const qsizetype m = after.size() - head - tail;
    if (!myers(before, head, n, after, head, m, out)) {
        for (qsizetype i = 0; i < n; ++i)
            out.append({Op::Delete, before.at(head + i)});
        for (qsizetype i = 0; i < m; ++i)
            out.append({Op::Insert, after.at(head + i)});
    }
    for (qsizetype i = before.size() - tail; i < before.size(); ++i)
        out.append({Op::Equal, before.at(i)});
    return out;
}

QString TextDiff::unified(const QString &before, const QString &after, const QString &beforeName,
                          const QString &afterName, int context)
{
    const QList<Line> script = compare(splitLines(before), splitLines(after));
    QString hunks;
    qsizetype i = 0;
    qsizetype oldLine = 0; // lines of `before` and `after` passed so far
    qsizetype newLine = 0;
    while (i < script.size()) {
        qsizetype change = i;
        while (change < script.size() && script.at(change).op == Op::Equal)
            ++change;
        if (change == script.size())
            break;
        // A hunk starts `context` lines before its first change and runs until a stretch of
        // more than 2 × context equal lines (or the end).
        const qsizetype lead = std::min<qsizetype>(context, change - i);
        qsizetype start = change - lead;
        qsizetype oldStart = oldLine + (start - i);
        qsizetype newStart = newLine + (start - i);
        qsizetype end = change;
        while (end < script.size()) {
            if (script.at(end).op != Op::Equal) {
                ++end;
                continue;
            }
            qsizetype run = end;
            while (run < script.size() && script.at(run).op == Op::Equal)
                ++run;
            if (run == script.size() || run - end > 2 * context) {
                end = std::min(run, end + context);
                break;
            }
            end = run;
        }
        QString body;
        qsizetype oldCount = 0;
        qsizetype newCount = 0;
        for (qsizetype j = start; j < end; ++j) {
            const Line &line = script.at(j);
            const QChar mark = line.op == Op::Equal ? QLatin1Char(' ')
                : line.op == Op::Delete             ? QLatin1Char('-')
                                                    : QLatin1Char('+');
            body += mark + line.text + QLatin1Char('\n');
            oldCount += line.op != Op::Insert;
            newCount += line.op != Op::Delete;
        }
        hunks += QStringLiteral("@@ -%1 +%2 @@\n").arg(range(oldStart, oldCount), range(newStart, newCount)) + body;
        oldLine = oldStart + oldCount;
        newLine = newStart + newCount;
        i = end;
    }
    if (hunks.isEmpty())
        return {};
    return QStringLiteral("--- %1\n+++ %2\n").arg(beforeName, afterName) + hunks;
}

} // namespace Sandpit::Core
