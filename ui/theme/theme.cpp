#include "theme/theme.h"

#include <array>
#include <cmath>
#include <span>

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

// The four themes differ only in their colours, so each colour is one row of a table with a
// column per theme, in Theme::Kind's order, and one recipe (ofKind) makes any theme from its
// column. Reading across a row compares the themes.
// The high-contrast themes are 7:1 throughout. The light one puts dark text on white, not the
// other way round: a projector's black is the room's light on the screen, so in a lit
// classroom a dark background turns grey while white paper stays bright, and light thin
// strokes on dark bleed (halation) for many viewers. High-contrast dark is for a learner who
// chose dark.
using Column = std::array<QRgb, 4>;

template<typename Field>
struct ColourRow {
    Field field;
    Column rgb;
};

// clang-format off
constexpr ColourRow<QColor PaletteColours::*> kPaletteColours[] = {
    //                                   light     dark      high c.   high c. dark
    {&PaletteColours::window,          {0xefefef, 0x2b2b2b, 0xffffff, 0x000000}},
    {&PaletteColours::windowText,      {0x1f1f1f, 0xe0e0e0, 0x000000, 0xffffff}},
    {&PaletteColours::base,            {0xffffff, 0x1e1e1e, 0xffffff, 0x000000}},
    {&PaletteColours::alternateBase,   {0xf5f5f5, 0x262626, 0xf0f0f0, 0x1a1a1a}},
    {&PaletteColours::text,            {0x1f1f1f, 0xd4d4d4, 0x000000, 0xffffff}},
    {&PaletteColours::button,          {0xefefef, 0x353535, 0xffffff, 0x000000}},
    {&PaletteColours::highlight,       {0x0a64c8, 0x264f78, 0x000080, 0xffd700}},
    {&PaletteColours::highlightedText, {0xffffff, 0xffffff, 0xffffff, 0x000000}},
    {&PaletteColours::link,            {0x0b57d0, 0x4aa3ff, 0x0000ee, 0x8ac8ff}},
    {&PaletteColours::linkVisited,     {0x6a1b9a, 0xc586c0, 0x551a8b, 0xd8b4fe}},
    {&PaletteColours::placeholder,     {0x666666, 0x9e9e9e, 0x4d4d4d, 0xb3b3b3}},
    {&PaletteColours::toolTipBase,     {0xffffdc, 0x3c3c3c, 0xffffff, 0x000000}},
    {&PaletteColours::toolTipText,     {0x000000, 0xe0e0e0, 0x000000, 0xffffff}},
    {&PaletteColours::disabledText,    {0x8c8c8c, 0x7f7f7f, 0x595959, 0xa6a6a6}},
    {&PaletteColours::light,           {0xffffff, 0x4a4a4a, 0xffffff, 0x404040}},
    {&PaletteColours::mid,             {0xb8b8b8, 0x3a3a3a, 0x595959, 0xa6a6a6}},
    {&PaletteColours::dark,            {0x9f9f9f, 0x1a1a1a, 0x000000, 0xc0c0c0}},
};

constexpr ColourRow<QColor Theme::Editor::*> kEditorColours[] = {
    //                                   light     dark      high c.   high c. dark
    {&Theme::Editor::paper,            {0xffffff, 0x1e1e1e, 0xffffff, 0x000000}},
    {&Theme::Editor::text,             {0x1f1f1f, 0xd4d4d4, 0x000000, 0xffffff}},
    {&Theme::Editor::caret,            {0x1f1f1f, 0xaeafad, 0x000000, 0xffffff}},
    {&Theme::Editor::caretLine,        {0xf2f5fa, 0x2a2d2e, 0xfff8c4, 0x262600}},
    {&Theme::Editor::selection,        {0xadd6ff, 0x264f78, 0x000080, 0xffd700}},
    {&Theme::Editor::selectionText,    {0x1f1f1f, 0xd4d4d4, 0xffffff, 0x000000}},
    {&Theme::Editor::marginPaper,      {0xf5f5f5, 0x1e1e1e, 0xf0f0f0, 0x141414}},
    {&Theme::Editor::marginText,       {0x6e6e6e, 0x8c8c8c, 0x000000, 0xffffff}},
    {&Theme::Editor::braceMatchPaper,  {0xc8e6c9, 0x3b514d, 0xffd700, 0x005f5f}},
    {&Theme::Editor::braceMatchText,   {0x1f1f1f, 0xffffff, 0x000000, 0xffffff}},
    {&Theme::Editor::braceBadText,     {0xc62828, 0xf48771, 0x8b0000, 0xff8a80}},
    {&Theme::Editor::indentGuide,      {0xd0d0d0, 0x404040, 0x808080, 0x808080}},
    {&Theme::Editor::errorPaper,       {0xfdecea, 0x4b1818, 0xffe0e0, 0x3d0000}},
    {&Theme::Editor::errorText,        {0x9d1c1c, 0xffb4a9, 0x8b0000, 0xffc4bd}},
    {&Theme::Editor::warningPaper,     {0xfff6e0, 0x3d3214, 0xfff6e0, 0x332900}},
    {&Theme::Editor::warningText,      {0x7a4d00, 0xe9c46a, 0x5c3c00, 0xffe082}},
};

// Syntax::Default and Syntax::Identifier are drawn in the editor's text colour.
constexpr ColourRow<Syntax> kSyntaxColours[] = {
    //                                   light     dark      high c.   high c. dark
    {Syntax::Comment,                  {0x3d7a30, 0x7ca668, 0x1e5c1e, 0x9ce08c}},
    {Syntax::String,                   {0xa31515, 0xce9178, 0x8b0000, 0xffb380}},
    {Syntax::Number,                   {0x0b6e4f, 0xb5cea8, 0x004d40, 0x80e8d0}},
    {Syntax::Keyword,                  {0x0000c8, 0x569cd6, 0x00008b, 0x8ac8ff}},
    {Syntax::Type,                     {0x1a6d84, 0x4ec9b0, 0x004c63, 0x7fe0ff}},
    {Syntax::Operator,                 {0x383838, 0xd4d4d4, 0x000000, 0xffffff}},
    {Syntax::Preprocessor,             {0x8a2be2, 0xc586c0, 0x5b0a91, 0xe0b0ff}},
    {Syntax::ClassName,                {0x7a3e9d, 0x4ec9b0, 0x4b0082, 0xd8b4fe}},
    {Syntax::FunctionName,             {0x795e26, 0xdcdcaa, 0x5c3c00, 0xffe680}},
    {Syntax::Error,                    {0xb00020, 0xf48771, 0x8b0000, 0xff8a80}},
};
// clang-format on

template<typename Target>
void fill(Target &target, std::span<const ColourRow<QColor Target::*>> rows, size_t column)
{
    for (const auto &row : rows)
        target.*row.field = QColor(row.rgb[column]);
}

Theme::Editor makeEditor(Theme::Kind kind, size_t column)
{
    Theme::Editor e;
    fill<Theme::Editor>(e, kEditorColours, column);
    e.syntax.fill(e.text);
    for (const auto &row : kSyntaxColours)
        e.syntax[size_t(row.field)] = QColor(row.rgb[column]);
    // On a projector a one-pixel caret and thin keywords are lost.
    const bool highContrast = kind == Theme::Kind::HighContrast || kind == Theme::Kind::HighContrastDark;
    e.caretWidth = highContrast ? 3 : 1;
    e.boldKeywords = highContrast;
    return e;
}

} // namespace

Theme Theme::ofKind(Kind kind)
{
    static_assert(Column().size() == size_t(Kind::HighContrastDark) + 1, "a column for each Theme::Kind");
    // Kind's values are the tables' columns; a value from outside the enum gets the light theme.
    if (size_t(kind) >= Column().size())
        kind = Kind::Light;
    const size_t column = size_t(kind);
    PaletteColours colours;
    fill<PaletteColours>(colours, kPaletteColours, column);
    Theme t;
    t.kind = kind;
    t.palette = makePalette(colours);
    t.editor = makeEditor(kind, column);
    return t;
}

Theme Theme::light()
{
    return ofKind(Kind::Light);
}

Theme Theme::dark()
{
    return ofKind(Kind::Dark);
}

Theme Theme::highContrast()
{
    return ofKind(Kind::HighContrast);
}

Theme Theme::highContrastDark()
{
    return ofKind(Kind::HighContrastDark);
}

namespace {
struct KindNames {
    Theme::Kind kind;
    const char *id;
};
constexpr KindNames kKinds[] = {
    {Theme::Kind::Light, "light"},
    {Theme::Kind::Dark, "dark"},
    {Theme::Kind::HighContrast, "high-contrast"},
    {Theme::Kind::HighContrastDark, "high-contrast-dark"},
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
