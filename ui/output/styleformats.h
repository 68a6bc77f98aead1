#pragma once

#include "output/outputkind.h"
#include "output/textstyle.h"

#include <QColor>
#include <QHash>
#include <QTextCharFormat>

namespace Sandpit::Ui {

/// The text formats of the output pane: one per source, and one per SGR style a program asked
/// for on top of it, built once and kept.
class StyleFormats final
{
public:
    /// A program with a rainbow in 24-bit colour could ask for millions of styles, and a text
    /// document keeps every format it was given. Past this many, new styles show plainly.
    static constexpr qsizetype kMaxFormats = 1024;

    StyleFormats();

    static quint64 key(OutputKind kind, const TextStyle &style = {});
    /// The colour of a palette index (0..255: the 16 ANSI colours, the 6×6×6 cube, the greys)
    /// or of an RGB value; invalid for the default colour.
    static QColor color(TextStyle::Color color);

    const QTextCharFormat &format(quint64 key);
    /// The colours that "default" means, for inverse video.
    void setDefaultColors(const QColor &text, const QColor &base);
    void clear();

private:
    void setKindColors(bool darkBase);
    QTextCharFormat build(quint64 key) const;

    QTextCharFormat m_kinds[5];
    QHash<quint64, QTextCharFormat> m_cache;
    QColor m_text;
    QColor m_base;
};

} // namespace Sandpit::Ui
