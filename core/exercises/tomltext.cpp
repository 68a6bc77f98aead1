#include "exercises/tomltext.h"

#include <QList>

namespace Sandpit::Core {

QByteArray tomlString(const QString &text)
{
    QByteArray out = "\"";
    for (const char32_t c : text.toUcs4()) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (c < 0x20 || c == 0x7f)
                out += "\\u" + QByteArray::number(uint(c), 16).rightJustified(4, '0');
            else
                out += QString::fromUcs4(&c, 1).toUtf8();
        }
    }
    return out + '"';
}

qsizetype tomlByteOffset(const QByteArray &text, int line, int column)
{
    qsizetype offset = 0;
    for (int at = 1; at < line && offset >= 0; ++at) {
        offset = text.indexOf('\n', offset);
        if (offset >= 0)
            ++offset;
    }
    if (offset < 0)
        return text.size();
    // Columns count characters: skip UTF-8 continuation bytes.
    for (int at = 1; at < column && offset < text.size(); ++at) {
        ++offset;
        while (offset < text.size() && (quint8(text[offset]) & 0xC0) == 0x80)
            ++offset;
    }
    return offset;
}

QString slugOf(const QString &text, const QString &fallback)
{
    QString slug;
    for (const QChar c : text.toLower()) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9')))
            slug += c;
        else if (!slug.isEmpty() && !slug.endsWith(QLatin1Char('-')))
            slug += QLatin1Char('-');
    }
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    return slug.isEmpty() ? fallback : slug.left(60);
}

} // namespace Sandpit::Core
