#pragma once

#include "model/diagnosticparser.h"

#include <QList>
#include <QString>
#include <QTextCharFormat>
#include <QTextCursor>

#include <optional>

class QTextDocument;

namespace Sandpit::Ui {

/// The lines of output that name a place in the learner's program (a traceback's frame, a
/// compiler's `main.c:5:3`) as links in the output's document, as Thonny has them. Each line
/// is looked at once, as it is drawn, by the same patterns that fill the Problems list; the
/// document is never searched again for them, so a flood of output costs one name search a
/// line.
class OutputLinks final
{
public:
    /// A link in a stretch of text, by its characters.
    struct Link {
        qsizetype start;
        qsizetype length;
        QString href;
    };
    struct Target {
        QString file;
        int line = 0;
        int column = 0; ///< 0 when the output did not say
    };

    /// Lines drawn from now on link to places in the sources `parser` knows (none by default).
    void setSources(const Core::DiagnosticParser &parser) { m_parser = parser; }
    void clearSources() { m_parser.reset(); }
    /// The places named in `text` ('\n' between lines), in order.
    QList<Link> find(QStringView text) const;
    /// `base` as the format of a link to `href`: underlined, in its stream's colour. Given as
    /// the text is inserted, it costs nothing; a format merged afterwards costs a link far
    /// more than drawing its line did.
    static QTextCharFormat format(QTextCharFormat base, const QString &href);

    /// What the link with this href goes to, or nothing for any other text.
    static std::optional<Target> target(const QString &href);
    /// The href of the link at `position` of `document`, or an empty string.
    static QString hrefAt(const QTextDocument &document, int position);
    /// The next link after the one `from` starts on (`forward`) or the one before it,
    /// selected; a null cursor when there is none.
    static QTextCursor nextLink(QTextDocument &document, const QTextCursor &from, bool forward);

private:
    std::optional<Core::DiagnosticParser> m_parser;
};

} // namespace Sandpit::Ui
