#include "exercises/visibletext.h"

#include <optional>

namespace Sandpit::Core::VisibleText {

namespace {
constexpr char16_t kControlPictures = 0x2400;
constexpr char16_t kDeletePicture = 0x2421;

QString quoted(const QString &text)
{
    return QStringLiteral("“%1”").arg(text);
}

int trailingBlankLines(const QList<QByteArray> &lines)
{
    int count = 0;
    for (auto it = lines.crbegin(); it != lines.crend() && it->trimmed().isEmpty(); ++it)
        ++count;
    return count;
}

QString blankLines(int count)
{
    return count == 1 ? QStringLiteral("1 blank line") : QStringLiteral("%1 blank lines").arg(count);
}
} // namespace

namespace {
/// The picture of a control character, or none for a printable one.
std::optional<QChar> pictureOf(char16_t c)
{
    if (c == u'\t')
        return QChar(u'→');
    if (c < 0x20)
        return QChar(char16_t(kControlPictures + c));
    if (c == 0x7F)
        return QChar(kDeletePicture);
    return std::nullopt;
}
} // namespace

QString controlsDrawn(QStringView text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text)
        out += pictureOf(c.unicode()).value_or(c);
    return out;
}

QString drawn(QStringView line, qsizetype limit)
{
    QString out;
    out.reserve(std::min(line.size(), limit) + 1);
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (i == limit)
            return out + QStringLiteral(" … %1 more characters not shown").arg(line.size() - limit);
        const char16_t c = line.at(i).unicode();
        out += c == u' ' ? QChar(u'·') : pictureOf(c).value_or(QChar(c));
    }
    return out;
}

QStringList lines(const QByteArray &output)
{
    QStringList shown;
    if (output.isEmpty())
        return shown;
    const QList<QByteArray> pieces = output.split('\n');
    const bool endsWithNewline = output.endsWith('\n');
    const qsizetype count = endsWithNewline ? pieces.size() - 1 : pieces.size();
    for (qsizetype i = 0; i < count; ++i) {
        const bool hasNewline = i + 1 < pieces.size();
        shown.append(drawn(QString::fromUtf8(pieces.at(i))) + (hasNewline ? QStringLiteral("¶") : QString()));
    }
    if (!endsWithNewline)
        shown.append(QStringLiteral("(no newline at end)"));
    return shown;
}

QString whitespaceDifference(const QByteArray &expected, const QByteArray &actual)
{
    if (expected.endsWith('\n') && actual == expected.chopped(1))
        return QStringLiteral("the output does not end with a newline, and the expected output does");
    if (actual.endsWith('\n') && expected == actual.chopped(1))
        return QStringLiteral("the output ends with a newline, and the expected output does not");
    const QList<QByteArray> want = expected.split('\n');
    const QList<QByteArray> got = actual.split('\n');
    const qsizetype common = std::min(want.size(), got.size());
    for (qsizetype i = 0; i < common; ++i) {
        if (want.at(i) == got.at(i))
            continue;
        if (want.size() == got.size() || want.at(i).trimmed() == got.at(i).trimmed()) {
            return QStringLiteral("at line %1 it printed %2, where the expected output has %3")
                .arg(QString::number(i + 1), quoted(drawn(QString::fromUtf8(got.at(i)))),
                     quoted(drawn(QString::fromUtf8(want.at(i)))));
        }
        return QStringLiteral("its line breaks differ from the expected output's, from line %1").arg(i + 1);
    }
    const int extra = trailingBlankLines(got) - trailingBlankLines(want);
    if (extra > 0)
        return QStringLiteral("it printed %1 at the end that the expected output does not have").arg(blankLines(extra));
    if (extra < 0)
        return QStringLiteral("the expected output has %1 at the end that it did not print").arg(blankLines(-extra));
    return QStringLiteral("its spaces and line breaks differ from the expected output's");
}

} // namespace Sandpit::Core::VisibleText
