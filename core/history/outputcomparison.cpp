#include "history/outputcomparison.h"

#include <QStringList>

namespace Sandpit::Core {

namespace {
QStringList normalisedLines(const QByteArray &bytes)
{
    QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    for (QString &line : lines) {
        while (!line.isEmpty() && line.back().isSpace())
            line.chop(1);
    }
    while (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return lines;
}

const auto kNoMoreOutput = QStringLiteral("(no more output)");

QString shown(const QStringList &lines, qsizetype index)
{
    return index < lines.size() ? QStringLiteral("“%1”").arg(lines.at(index)) : kNoMoreOutput;
}
} // namespace

OutputComparison OutputComparison::compare(const QByteArray &expected, const QByteArray &actual)
{
    const QStringList want = normalisedLines(expected);
    const QStringList got = normalisedLines(actual);
    for (qsizetype i = 0; i < std::max(want.size(), got.size()); ++i) {
        if (i < want.size() && i < got.size() && want.at(i) == got.at(i))
            continue;
        return {false, int(i + 1), shown(want, i), shown(got, i)};
    }
    return {};
}

QString OutputComparison::summary() const
{
    if (matches)
        return QStringLiteral("✓ The output matches the expected output.");
    return QStringLiteral("✗ The output differs from the expected output at line %1: expected %2, got %3.")
        .arg(line)
        .arg(expected, actual);
}

QString OutputComparison::difference() const
{
    if (matches)
        return {};
    if (actual == kNoMoreOutput)
        return QStringLiteral("Its output ended at line %1, where the expected output has %2.").arg(line).arg(expected);
    if (expected == kNoMoreOutput)
        return QStringLiteral("At line %1 it printed %2, after all of the expected output.").arg(line).arg(actual);
    return QStringLiteral("At line %1 it printed %2, where the expected output has %3.")
        .arg(line)
        .arg(actual, expected);
}

} // namespace Sandpit::Core
