#include "outputlinks.h"

#include <QTextBlock>
#include <QTextDocument>

#include <algorithm>

namespace Sandpit::Ui {

namespace {
// Not a URL anything else opens: the pane is the only reader of its links.
constexpr QLatin1StringView kScheme("sandpit-place:");

struct Span {
    int start;
    int end;
    QString href;
};

// The links of one block in order; the fragments of one link (a colour that changes inside
// it) are one.
QList<Span> linksIn(const QTextBlock &block)
{
    QList<Span> spans;
    for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QTextFragment fragment = it.fragment();
        const QTextCharFormat format = fragment.charFormat();
        if (!format.isAnchor() || !format.anchorHref().startsWith(kScheme))
            continue;
        const int start = fragment.position();
        const int end = start + fragment.length();
        if (!spans.isEmpty() && spans.last().end == start && spans.last().href == format.anchorHref())
            spans.last().end = end;
        else
            spans.append({start, end, format.anchorHref()});
    }
    return spans;
}
} // namespace

void OutputLinks::mark(QTextDocument &document, int position, QStringView text) const
{
    if (!m_parser)
        return;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf(u'\n', start);
        if (end < 0)
            end = text.size();
        if (const auto mention = m_parser->mentionIn(text.sliced(start, end - start))) {
            QTextCursor cursor(&document);
            cursor.setPosition(position + int(start + mention->start));
            cursor.setPosition(position + int(start + mention->start + mention->length), QTextCursor::KeepAnchor);
            QTextCharFormat link;
            link.setAnchor(true);
            link.setAnchorHref(QStringLiteral("%1%2:%3:%4").arg(kScheme).arg(mention->line).arg(mention->column).arg(mention->file));
            link.setFontUnderline(true);
            cursor.mergeCharFormat(link); // keeps the colour of its stream
        }
        start = end + 1;
    }
}

std::optional<OutputLinks::Target> OutputLinks::target(const QString &href)
{
    if (!href.startsWith(kScheme))
        return std::nullopt;
    // line:column:file; the file's name may hold colons of its own.
    const QStringView rest = QStringView(href).sliced(kScheme.size());
    const qsizetype lineEnd = rest.indexOf(u':');
    const qsizetype columnEnd = lineEnd < 0 ? -1 : rest.indexOf(u':', lineEnd + 1);
    if (columnEnd < 0)
        return std::nullopt;
    return Target{rest.sliced(columnEnd + 1).toString(), rest.first(lineEnd).toInt(),
                  rest.sliced(lineEnd + 1, columnEnd - lineEnd - 1).toInt()};
}

QString OutputLinks::hrefAt(const QTextDocument &document, int position)
{
    for (const Span &span : linksIn(document.findBlock(position))) {
        if (span.start <= position && position < span.end)
            return span.href;
    }
    return {};
}

QTextCursor OutputLinks::nextLink(QTextDocument &document, const QTextCursor &from, bool forward)
{
    const int at = from.selectionStart();
    // Forward from a cursor that stands at a link's start (no link chosen yet) is that link.
    const auto beyond = [&](const Span &span) {
        return forward ? span.start > at || (span.start == at && !from.hasSelection()) : span.start < at;
    };
    for (QTextBlock block = document.findBlock(at); block.isValid(); block = forward ? block.next() : block.previous()) {
        QList<Span> spans = linksIn(block);
        if (!forward)
            std::reverse(spans.begin(), spans.end());
        const auto found = std::find_if(spans.cbegin(), spans.cend(), beyond);
        if (found != spans.cend()) {
            QTextCursor link(&document);
            link.setPosition(found->start);
            link.setPosition(found->end, QTextCursor::KeepAnchor);
            return link;
        }
    }
    return {};
}

} // namespace Sandpit::Ui
