#include "theme/theme.h"

#include <cmath>

namespace Sandpit::Ui {

namespace {

struct PaletteColours {
    QColor window, windowText, base, alternateBase, text, button, highlight, highlightedText, link, linkVisited,
        placeholder, toolTipBase, toolTipText, disabledText, light, mid, dark;
};

QPalette makePalette(const PaletteColours &c)
{
    QPalette p;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        p.setColor(group, QPalette::Window, c.window);
        p.setColor(group, QPalette::WindowText, c.windowText);
        p.setColor(group, QPalette::Base, c.base);
        p.setColor(group, QPalette::AlternateBase, c.alternateBase);
        p.setColor(group, QPalette::Text, c.text);
        p.setColor(group, QPalette::Button, c.button);
        p.setColor(group, QPalette::ButtonText, c.windowText);
        p.setColor(group, QPalette::BrightText, c.base);
        p.setColor(group, QPalette::Highlight, c.highlight);
        p.setColor(group, QPalette::HighlightedText, c.highlightedText);
        p.setColor(group, QPalette::Link, c.link);
        p.setColor(group, QPalette::LinkVisited, c.linkVisited);
        p.setColor(group, QPalette::PlaceholderText, c.placeholder);
        p.setColor(group, QPalette::ToolTipBase, c.toolTipBase);
        p.setColor(group, QPalette::ToolTipText, c.toolTipText);
        // Fusion draws bevels and frames from these.
        p.setColor(group, QPalette::Light, c.light);
        p.setColor(group, QPalette::Midlight, c.light);
        p.setColor(group, QPalette::Mid, c.mid);
        p.setColor(group, QPalette::Dark, c.dark);
        p.setColor(group, QPalette::Shadow, c.dark.darker(150));
    }
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, c.disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, c.mid);
    return p;
}

void setSyntax(Theme::Editor &e, std::initializer_list<std::pair<Syntax, QColor>> colours)
{
    e.syntax.fill(e.text);
    for (const auto &[syntax, colour] : colours)
        e.syntax[size_t(syntax)] = colour;
}

} // namespace

Theme Theme::light()
{
    Theme t;
    t.kind = Kind::Light;
    t.palette = makePalette({
        .window = QColor(0xef, 0xef, 0xef),
        .windowText = QColor(0x1f, 0x1f, 0x1f),
        .base = Qt::white,
        .alternateBase = QColor(0xf5, 0xf5, 0xf5),
        .text = QColor(0x1f, 0x1f, 0x1f),
        .button = QColor(0xef, 0xef, 0xef),
        .highlight = QColor(0x0a, 0x64, 0xc8),
        .highlightedText = Qt::white,
        .link = QColor(0x0b, 0x57, 0xd0),
        .linkVisited = QColor(0x6a, 0x1b, 0x9a),
        .placeholder = QColor(0x66, 0x66, 0x66),
        .toolTipBase = QColor(0xff, 0xff, 0xdc),
        .toolTipText = Qt::black,
        .disabledText = QColor(0x8c, 0x8c, 0x8c),
        .light = Qt::white,
        .mid = QColor(0xb8, 0xb8, 0xb8),
        .dark = QColor(0x9f, 0x9f, 0x9f),
    });
    Editor &e = t.editor;
    e.paper = Qt::white;
    e.text = QColor(0x1f, 0x1f, 0x1f);
    e.caret = e.text;
    e.caretLine = QColor(0xf2, 0xf5, 0xfa);
    e.selection = QColor(0xad, 0xd6, 0xff);
    e.selectionText = e.text;
    e.marginPaper = QColor(0xf5, 0xf5, 0xf5);
    e.marginText = QColor(0x6e, 0x6e, 0x6e);
    e.braceMatchPaper = QColor(0xc8, 0xe6, 0xc9);
    e.braceMatchText = e.text;
    e.braceBadText = QColor(0xc6, 0x28, 0x28);
    e.indentGuide = QColor(0xd0, 0xd0, 0xd0);
    e.errorPaper = QColor(0xfd, 0xec, 0xea);
    e.errorText = QColor(0x9d, 0x1c, 0x1c);
    e.warningPaper = QColor(0xff, 0xf6, 0xe0);
    e.warningText = QColor(0x7a, 0x4d, 0x00);
    setSyntax(e,
              {{Syntax::Comment, QColor(0x3d, 0x7a, 0x30)},
               {Syntax::String, QColor(0xa3, 0x15, 0x15)},
               {Syntax::Number, QColor(0x0b, 0x6e, 0x4f)},
               {Syntax::Keyword, QColor(0x00, 0x00, 0xc8)},
               {Syntax::Type, QColor(0x1a, 0x6d, 0x84)},
               {Syntax::Operator, QColor(0x38, 0x38, 0x38)},
               {Syntax::Preprocessor, QColor(0x8a, 0x2b, 0xe2)},
               {Syntax::ClassName, QColor(0x7a, 0x3e, 0x9d)},
               {Syntax::FunctionName, QColor(0x79, 0x5e, 0x26)},
               {Syntax::Error, QColor(0xb0, 0x00, 0x20)}});
    return t;
}

Theme Theme::dark()
{
    Theme t;
    t.kind = Kind::Dark;
    t.palette = makePalette({
        .window = QColor(0x2b, 0x2b, 0x2b),
        .windowText = QColor(0xe0, 0xe0, 0xe0),
        .base = QColor(0x1e, 0x1e, 0x1e),
        .alternateBase = QColor(0x26, 0x26, 0x26),
        .text = QColor(0xd4, 0xd4, 0xd4),
        .button = QColor(0x35, 0x35, 0x35),
        .highlight = QColor(0x26, 0x4f, 0x78),
        .highlightedText = Qt::white,
        .link = QColor(0x4a, 0xa3, 0xff),
        .linkVisited = QColor(0xc5, 0x86, 0xc0),
        .placeholder = QColor(0x9e, 0x9e, 0x9e),
        .toolTipBase = QColor(0x3c, 0x3c, 0x3c),
        .toolTipText = QColor(0xe0, 0xe0, 0xe0),
        .disabledText = QColor(0x7f, 0x7f, 0x7f),
        .light = QColor(0x4a, 0x4a, 0x4a),
        .mid = QColor(0x3a, 0x3a, 0x3a),
        .dark = QColor(0x1a, 0x1a, 0x1a),
    });
    Editor &e = t.editor;
    e.paper = QColor(0x1e, 0x1e, 0x1e);
    e.text = QColor(0xd4, 0xd4, 0xd4);
    e.caret = QColor(0xae, 0xaf, 0xad);
    e.caretLine = QColor(0x2a, 0x2d, 0x2e);
    e.selection = QColor(0x26, 0x4f, 0x78);
    e.selectionText = e.text;
    e.marginPaper = e.paper;
    e.marginText = QColor(0x8c, 0x8c, 0x8c);
    e.braceMatchPaper = QColor(0x3b, 0x51, 0x4d);
    e.braceMatchText = Qt::white;
    e.braceBadText = QColor(0xf4, 0x87, 0x71);
    e.indentGuide = QColor(0x40, 0x40, 0x40);
    e.errorPaper = QColor(0x4b, 0x18, 0x18);
    e.errorText = QColor(0xff, 0xb4, 0xa9);
    e.warningPaper = QColor(0x3d, 0x32, 0x14);
    e.warningText = QColor(0xe9, 0xc4, 0x6a);
    setSyntax(e,
              {{Syntax::Comment, QColor(0x7c, 0xa6, 0x68)},
               {Syntax::String, QColor(0xce, 0x91, 0x78)},
               {Syntax::Number, QColor(0xb5, 0xce, 0xa8)},
               {Syntax::Keyword, QColor(0x56, 0x9c, 0xd6)},
               {Syntax::Type, QColor(0x4e, 0xc9, 0xb0)},
               {Syntax::Preprocessor, QColor(0xc5, 0x86, 0xc0)},
               {Syntax::ClassName, QColor(0x4e, 0xc9, 0xb0)},
               {Syntax::FunctionName, QColor(0xdc, 0xdc, 0xaa)},
               {Syntax::Error, QColor(0xf4, 0x87, 0x71)}});
    return t;
}

// Dark text on white, not the other way round: a projector's black is the room's light on
// the screen, so in a lit classroom a dark background turns grey while white paper stays
// bright, and light thin strokes on dark bleed (halation) for many viewers.
Theme Theme::highContrast()
{
    Theme t;
    t.kind = Kind::HighContrast;
    t.palette = makePalette({
        .window = Qt::white,
        .windowText = Qt::black,
        .base = Qt::white,
        .alternateBase = QColor(0xf0, 0xf0, 0xf0),
        .text = Qt::black,
        .button = Qt::white,
        .highlight = QColor(0x00, 0x00, 0x80),
        .highlightedText = Qt::white,
        .link = QColor(0x00, 0x00, 0xee),
        .linkVisited = QColor(0x55, 0x1a, 0x8b),
        .placeholder = QColor(0x4d, 0x4d, 0x4d),
        .toolTipBase = Qt::white,
        .toolTipText = Qt::black,
        .disabledText = QColor(0x59, 0x59, 0x59),
        .light = Qt::white,
        .mid = QColor(0x59, 0x59, 0x59),
        .dark = Qt::black,
    });
    Editor &e = t.editor;
    e.paper = Qt::white;
    e.text = Qt::black;
    e.caret = Qt::black;
    e.caretWidth = 3;
    e.caretLine = QColor(0xff, 0xf8, 0xc4);
    e.selection = QColor(0x00, 0x00, 0x80);
    e.selectionText = Qt::white;
    e.marginPaper = QColor(0xf0, 0xf0, 0xf0);
    e.marginText = Qt::black;
    e.braceMatchPaper = QColor(0xff, 0xd7, 0x00);
    e.braceMatchText = Qt::black;
    e.braceBadText = QColor(0x8b, 0x00, 0x00);
    e.indentGuide = QColor(0x80, 0x80, 0x80);
    e.errorPaper = QColor(0xff, 0xe0, 0xe0);
    e.errorText = QColor(0x8b, 0x00, 0x00);
    e.warningPaper = QColor(0xff, 0xf6, 0xe0);
    e.warningText = QColor(0x5c, 0x3c, 0x00);
    e.boldKeywords = true;
    setSyntax(e,
              {{Syntax::Comment, QColor(0x1e, 0x5c, 0x1e)},
               {Syntax::String, QColor(0x8b, 0x00, 0x00)},
               {Syntax::Number, QColor(0x00, 0x4d, 0x40)},
               {Syntax::Keyword, QColor(0x00, 0x00, 0x8b)},
               {Syntax::Type, QColor(0x00, 0x4c, 0x63)},
               {Syntax::Preprocessor, QColor(0x5b, 0x0a, 0x91)},
               {Syntax::ClassName, QColor(0x4b, 0x00, 0x82)},
               {Syntax::FunctionName, QColor(0x5c, 0x3c, 0x00)},
               {Syntax::Error, QColor(0x8b, 0x00, 0x00)}});
    return t;
}

// For a learner who chose dark: black paper and white text, with every colour at 7:1 as in
// the light high-contrast theme. Thin light strokes bleed more on a projector, so keywords
// are bold here too.
Theme Theme::highContrastDark()
{
    Theme t;
    t.kind = Kind::HighContrastDark;
    t.palette = makePalette({
        .window = Qt::black,
        .windowText = Qt::white,
        .base = Qt::black,
        .alternateBase = QColor(0x1a, 0x1a, 0x1a),
        .text = Qt::white,
        .button = Qt::black,
        .highlight = QColor(0xff, 0xd7, 0x00),
        .highlightedText = Qt::black,
        .link = QColor(0x8a, 0xc8, 0xff),
        .linkVisited = QColor(0xd8, 0xb4, 0xfe),
        .placeholder = QColor(0xb3, 0xb3, 0xb3),
        .toolTipBase = Qt::black,
        .toolTipText = Qt::white,
        .disabledText = QColor(0xa6, 0xa6, 0xa6),
        .light = QColor(0x40, 0x40, 0x40),
        .mid = QColor(0xa6, 0xa6, 0xa6),
        .dark = QColor(0xc0, 0xc0, 0xc0),
    });
    Editor &e = t.editor;
    e.paper = Qt::black;
    e.text = Qt::white;
    e.caret = Qt::white;
    e.caretWidth = 3;
    e.caretLine = QColor(0x26, 0x26, 0x00);
    e.selection = QColor(0xff, 0xd7, 0x00);
    e.selectionText = Qt::black;
    e.marginPaper = QColor(0x14, 0x14, 0x14);
    e.marginText = Qt::white;
    e.braceMatchPaper = QColor(0x00, 0x5f, 0x5f);
    e.braceMatchText = Qt::white;
    e.braceBadText = QColor(0xff, 0x8a, 0x80);
    e.indentGuide = QColor(0x80, 0x80, 0x80);
    e.errorPaper = QColor(0x3d, 0x00, 0x00);
    e.errorText = QColor(0xff, 0xc4, 0xbd);
    e.warningPaper = QColor(0x33, 0x29, 0x00);
    e.warningText = QColor(0xff, 0xe0, 0x82);
    e.boldKeywords = true;
    setSyntax(e,
              {{Syntax::Comment, QColor(0x9c, 0xe0, 0x8c)},
               {Syntax::String, QColor(0xff, 0xb3, 0x80)},
               {Syntax::Number, QColor(0x80, 0xe8, 0xd0)},
               {Syntax::Keyword, QColor(0x8a, 0xc8, 0xff)},
               {Syntax::Type, QColor(0x7f, 0xe0, 0xff)},
               {Syntax::Preprocessor, QColor(0xe0, 0xb0, 0xff)},
               {Syntax::ClassName, QColor(0xd8, 0xb4, 0xfe)},
               {Syntax::FunctionName, QColor(0xff, 0xe6, 0x80)},
               {Syntax::Error, QColor(0xff, 0x8a, 0x80)}});
    return t;
}

namespace {
struct KindNames {
    Theme::Kind kind;
    const char *id;
    Theme (*make)();
};
constexpr KindNames kKinds[] = {
    {Theme::Kind::Light, "light", &Theme::light},
    {Theme::Kind::Dark, "dark", &Theme::dark},
    {Theme::Kind::HighContrast, "high-contrast", &Theme::highContrast},
    {Theme::Kind::HighContrastDark, "high-contrast-dark", &Theme::highContrastDark},
};

const KindNames &namesOf(Theme::Kind kind)
{
    for (const KindNames &names : kKinds) {
        if (names.kind == kind)
            return names;
    }
    return kKinds[0];
}
} // namespace

Theme Theme::ofKind(Kind kind)
{
    return namesOf(kind).make();
}

Theme::Kind Theme::forPresentation(Kind chosen)
{
    return chosen == Kind::Dark || chosen == Kind::HighContrastDark ? Kind::HighContrastDark : Kind::HighContrast;
}

QString Theme::id(Kind kind)
{
    return QString::fromLatin1(namesOf(kind).id);
}

std::optional<Theme::Kind> Theme::kindFromId(const QString &id)
{
    for (const KindNames &names : kKinds) {
        if (id == QLatin1String(names.id))
            return names.kind;
    }
    return std::nullopt;
}

double Theme::luminance(const QColor &colour)
{
    const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const QColor rgb = colour.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double Theme::contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace Sandpit::Ui
