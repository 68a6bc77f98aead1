#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>

namespace Sandpit::Ui {

/// What the find bar looks for.
struct SearchQuery {
    QString text;
    bool regex = false;
    bool matchCase = false;
    bool wholeWord = false;

    bool operator==(const SearchQuery &) const = default;
};

/// One match, in QString offsets of the searched text.
struct SearchMatch {
    qsizetype start = 0;
    qsizetype length = 0;
    QRegularExpressionMatch match; ///< for the replacement's groups
    qsizetype end() const { return start + length; }
};

/// A query compiled once and run over a whole text. The find bar counts and replaces with this
/// rather than with Scintilla's own search: one regular expression dialect (Perl's, as in
/// Python's `re`) for counting, stepping and replacing, and a readable error for a bad pattern.
class TextSearch final
{
public:
    explicit TextSearch(const SearchQuery &query = {});

    const SearchQuery &query() const { return m_query; }
    /// False for an empty query or a pattern that does not compile.
    bool isValid() const;
    /// Why the pattern does not compile, in plain words; empty when it does.
    QString error() const { return m_error; }

    /// Past this many matches (`x*` in a long file matches everywhere) findAll() stops, so a
    /// search can neither stall the window nor fill the memory.
    static constexpr qsizetype kMaxMatches = 100000;
    /// Every match, in order, up to kMaxMatches. Empty matches count too (`^` finds each
    /// line's start).
    QList<SearchMatch> findAll(const QString &text) const;
    /// What replaces `match`: for a regular expression \1 or $1 (up to 99), ${name}, \n, \t,
    /// \\ and $$ are expanded; plain text is taken as it is.
    QString replacement(const SearchMatch &match, const QString &replace) const;

private:
    SearchQuery m_query;
    QRegularExpression m_regex;
    QString m_error;
};

/// Scintilla counts positions in UTF-8 bytes, QString in UTF-16 units.
qsizetype utf8Length(QStringView text);
/// The QString offset of the byte offset `bytes` of `text`'s UTF-8 form.
qsizetype offsetOfUtf8(QStringView text, qsizetype bytes);

} // namespace Sandpit::Ui
