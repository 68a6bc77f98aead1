#include "editor/textsearch.h"

namespace Sandpit::Ui {

TextSearch::TextSearch(const SearchQuery &query)
    : m_query(query)
{
    if (query.text.isEmpty())
        return;
    QString pattern = query.regex ? query.text : QRegularExpression::escape(query.text);
    // Lookarounds, not \b: "a.b" or "->" as a whole word must still match next to spaces.
    if (query.wholeWord)
        pattern = QStringLiteral("(?<!\\w)(?:%1)(?!\\w)").arg(pattern);
    QRegularExpression::PatternOptions options
        = QRegularExpression::MultilineOption | QRegularExpression::UseUnicodePropertiesOption;
    if (!query.matchCase)
        options |= QRegularExpression::CaseInsensitiveOption;
    m_regex.setPattern(pattern);
    m_regex.setPatternOptions(options);
    if (!m_regex.isValid()) {
        // The offset is into the wrapped pattern when whole word is on; point into what was typed.
        const qsizetype wrapped = query.wholeWord ? 10 : 0; // "(?<!\\w)(?:"
        const qsizetype at = std::clamp<qsizetype>(m_regex.patternErrorOffset() - wrapped, 0, query.text.size());
        const QString where
            = at >= query.text.size() ? QStringLiteral("at the end") : QStringLiteral("at character %1").arg(at + 1);
        m_error = QStringLiteral("Not a valid regular expression: %1 (%2).").arg(m_regex.errorString(), where);
    }
}

bool TextSearch::isValid() const
{
    return !m_query.text.isEmpty() && m_error.isEmpty();
}

QList<SearchMatch> TextSearch::findAll(const QString &text) const
{
    QList<SearchMatch> out;
    if (!isValid())
        return out;
    auto it = m_regex.globalMatch(text);
    while (it.hasNext() && out.size() < kMaxMatches) {
        const QRegularExpressionMatch m = it.next();
        out.append({m.capturedStart(), m.capturedLength(), m});
    }
    return out;
}

QString TextSearch::replacement(const SearchMatch &match, const QString &replace) const
{
    if (!m_query.regex)
        return replace;
    QString out;
    const qsizetype n = replace.size();
    const auto digitsAt = [&](qsizetype i, qsizetype *used) {
        int group = 0;
        qsizetype j = i;
        while (j < n && j - i < 2 && replace.at(j).isDigit()) {
            const int next = group * 10 + replace.at(j).digitValue();
            if (j > i && next > m_regex.captureCount())
                break; // "$10" with one group is $1 then a "0"
            group = next;
            ++j;
        }
        *used = j - i;
        return group;
    };
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = replace.at(i);
        if ((c == QLatin1Char('\\') || c == QLatin1Char('$')) && i + 1 < n) {
            const QChar next = replace.at(i + 1);
            qsizetype used = 0;
            if (next.isDigit()) {
                const int group = digitsAt(i + 1, &used);
                out += match.match.captured(group);
                i += used;
                continue;
            }
            if (c == QLatin1Char('$') && next == QLatin1Char('{')) {
                const qsizetype close = replace.indexOf(QLatin1Char('}'), i + 2);
                if (close > 0) {
                    const QString name = replace.mid(i + 2, close - i - 2);
                    bool isNumber = false;
                    const int group = name.toInt(&isNumber);
                    out += isNumber ? match.match.captured(group) : match.match.captured(name);
                    i = close;
                    continue;
                }
            }
            if (c == QLatin1Char('$') && next == QLatin1Char('$')) {
                out += QLatin1Char('$');
                ++i;
                continue;
            }
            if (c == QLatin1Char('\\')) {
                const QChar escaped = next == QLatin1Char('n') ? QChar(QLatin1Char('\n'))
                    : next == QLatin1Char('t')                 ? QChar(QLatin1Char('\t'))
                                                               : next;
                out += escaped;
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

qsizetype utf8Length(QStringView text)
{
    qsizetype bytes = 0;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        // A surrogate pair is one 4-byte character, counted as 2 per half.
        bytes += u < 0x80 ? 1 : u < 0x800 ? 2 : QChar::isSurrogate(u) ? 2 : 3;
    }
    return bytes;
}

qsizetype offsetOfUtf8(QStringView text, qsizetype bytes)
{
    qsizetype seen = 0;
    qsizetype i = 0;
    for (; i < text.size() && seen < bytes; ++i) {
        const char16_t u = text.at(i).unicode();
        seen += u < 0x80 ? 1 : u < 0x800 ? 2 : QChar::isSurrogate(u) ? 2 : 3;
    }
    return i;
}

} // namespace Sandpit::Ui
