#include "output/styleformats.h"

#include <QFont>

namespace Sandpit::Ui {

namespace {
constexpr quint64 kStyleMask = (quint64(1) << TextStyle::kKeyBits) - 1;

// GNOME Terminal's Tango palette: every colour but the two whites reads on a light pane.
constexpr QRgb kAnsi16[16] = {
    0x000000, 0xcc0000, 0x4e9a06, 0xc4a000, 0x3465a4, 0x75507b, 0x06989a, 0xd3d7cf,
    0x555753, 0xef2929, 0x8ae234, 0xfce94f, 0x729fcf, 0xad7fa8, 0x34e2e2, 0xeeeeec,
};
constexpr int kCubeLevels[6] = {0, 95, 135, 175, 215, 255};
} // namespace

StyleFormats::StyleFormats()
{
    m_kinds[int(OutputKind::Input)].setFontWeight(QFont::Bold);
    m_kinds[int(OutputKind::Note)].setFontItalic(true);
    m_kinds[int(OutputKind::Error)].setFontWeight(QFont::Bold);
    setKindColors(false);
}

void StyleFormats::setKindColors(bool darkBase)
{
    // Each pair reads at 4.5:1 or better on its own kind of pane: the dark red of a light pane
    // is barely visible on a dark one.
    const QColor red = darkBase ? QColor(0xff, 0x8a, 0x80) : QColor(0xc6, 0x28, 0x28);
    m_kinds[int(OutputKind::Stderr)].setForeground(red);
    m_kinds[int(OutputKind::Error)].setForeground(red);
    m_kinds[int(OutputKind::Input)].setForeground(darkBase ? QColor(0x82, 0xb1, 0xff) : QColor(0x15, 0x65, 0xc0));
    m_kinds[int(OutputKind::Note)].setForeground(darkBase ? QColor(0xb0, 0xb0, 0xb0) : QColor(0x75, 0x75, 0x75));
}

quint64 StyleFormats::key(OutputKind kind, const TextStyle &style)
{
    return quint64(kind) << TextStyle::kKeyBits | style.key();
}

QColor StyleFormats::color(TextStyle::Color color)
{
    if (color.type == TextStyle::ColorType::Rgb)
        return QColor::fromRgb(QRgb(color.value));
    if (color.type != TextStyle::ColorType::Indexed)
        return {};
    const int index = int(color.value);
    if (index < 16)
        return QColor::fromRgb(kAnsi16[index]);
    if (index < 232) {
        const int cube = index - 16;
        return QColor(kCubeLevels[cube / 36], kCubeLevels[cube / 6 % 6], kCubeLevels[cube % 6]);
    }
    const int grey = 8 + 10 * (index - 232);
    return QColor(grey, grey, grey);
}

const QTextCharFormat &StyleFormats::format(quint64 key)
{
    if ((key & kStyleMask) == 0 || (m_cache.size() >= kMaxFormats && !m_cache.contains(key)))
        return m_kinds[std::min<quint64>(key >> TextStyle::kKeyBits, 4)];
    auto it = m_cache.find(key);
    if (it == m_cache.end())
        it = m_cache.insert(key, build(key));
    return *it;
}

void StyleFormats::setDefaultColors(const QColor &text, const QColor &base)
{
    m_text = text;
    m_base = base;
    setKindColors(base.lightnessF() < 0.5);
    m_cache.clear();
}

void StyleFormats::clear()
{
    m_cache.clear();
}

QTextCharFormat StyleFormats::build(quint64 key) const
{
    const QTextCharFormat &kind = m_kinds[std::min<quint64>(key >> TextStyle::kKeyBits, 4)];
    const TextStyle style = TextStyle::fromKey(key & kStyleMask);
    QTextCharFormat format = kind;
    QColor foreground = color(style.foreground);
    QColor background = color(style.background);
    if (style.inverse) {
        const QColor kindColor = kind.hasProperty(QTextFormat::ForegroundBrush) ? kind.foreground().color() : m_text;
        std::swap(foreground, background);
        foreground = foreground.isValid() ? foreground : m_base;
        background = background.isValid() ? background : kindColor;
    }
    if (foreground.isValid())
        format.setForeground(foreground);
    if (background.isValid())
        format.setBackground(background);
    if (style.bold)
        format.setFontWeight(QFont::Bold);
    if (style.italic)
        format.setFontItalic(true);
    if (style.underline)
        format.setFontUnderline(true);
    if (style.strikeOut)
        format.setFontStrikeOut(true);
    return format;
}

} // namespace Sandpit::Ui
