#include "output/outputlinks.h"

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

QList<OutputLinks::Link> OutputLinks::find(QStringView text) const
{
    QList<Link> links;
    if (!m_parser)
        return links;
    for (const Core::SourceMention &mention : m_parser->mentionsIn(text)) {
        links.append(
            {mention.start, mention.length,
             QStringLiteral("%1%2:%3:%4").arg(kScheme).arg(mention.line).arg(mention.column).arg(mention.file)});
    }
    return links;
}

QTextCharFormat OutputLinks::format(QTextCharFormat base, const QString &href)
{
    base.setAnchor(true);
    base.setAnchorHref(href);
    base.setFontUnderline(true);
    return base;
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
    for (QTextBlock block = document.findBlock(at); block.isValid();
         block = forward ? block.next() : block.previous()) {
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
