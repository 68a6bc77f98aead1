#pragma once

#include <QtGlobal>

namespace Sandpit::Ui {

/// How a program asked its text to look with ANSI SGR codes. A colour is kept as asked
/// (a palette index or RGB), not resolved, so the pane chooses the palette.
struct TextStyle {
    enum class ColorType : quint8 { Default, Indexed, Rgb };
    struct Color {
        ColorType type = ColorType::Default;
        quint32 value = 0; ///< 0..255 for Indexed, 0xRRGGBB for Rgb
        friend bool operator==(const Color &, const Color &) = default;
    };

    Color foreground;
    Color background;
    bool bold = false;
    bool italic = false;
    bool underline = false;
    bool strikeOut = false;
    bool inverse = false;

    friend bool operator==(const TextStyle &, const TextStyle &) = default;

    /// The style in 60 bits, so a line can carry one small number per character.
    quint64 key() const
    {
        const auto color = [](Color c) { return quint64(c.type) << 24 | (c.value & 0xFFFFFF); };
        return color(foreground) | color(background) << 26 | quint64(bold) << 52 | quint64(italic) << 53
            | quint64(underline) << 54 | quint64(strikeOut) << 55 | quint64(inverse) << 56;
    }

    static TextStyle fromKey(quint64 key)
    {
        const auto color = [](quint64 bits) { return Color{ColorType((bits >> 24) & 3), quint32(bits & 0xFFFFFF)}; };
        TextStyle style;
        style.foreground = color(key);
        style.background = color(key >> 26);
        style.bold = key >> 52 & 1;
        style.italic = key >> 53 & 1;
        style.underline = key >> 54 & 1;
        style.strikeOut = key >> 55 & 1;
        style.inverse = key >> 56 & 1;
        return style;
    }

    /// Bits above the style's own, free for the caller (the pane keeps the stream there).
    static constexpr int kKeyBits = 57;
};

} // namespace Sandpit::Ui
