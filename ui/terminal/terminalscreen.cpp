#include "terminal/terminalscreen.h"

#include "terminal/terminalkeys.h"

#include <vterm.h>

#include <algorithm>

namespace Sandpit::Ui {

namespace {
TextStyle::Color colorOf(const VTermColor &color, bool foreground)
{
    if (foreground ? VTERM_COLOR_IS_DEFAULT_FG(&color) : VTERM_COLOR_IS_DEFAULT_BG(&color))
        return {};
    // Kept as the program asked: the view resolves a palette index in the theme's palette.
    if (VTERM_COLOR_IS_INDEXED(&color))
        return {TextStyle::ColorType::Indexed, color.indexed.idx};
    return {TextStyle::ColorType::Rgb, quint32(color.rgb.red) << 16 | quint32(color.rgb.green) << 8 | color.rgb.blue};
}

/// Blank in every way but its character: no colour, no attribute a blank would show.
bool isPlain(const VTermScreenCell &cell)
{
    return VTERM_COLOR_IS_DEFAULT_BG(&cell.bg) && !cell.attrs.reverse && !cell.attrs.underline && !cell.attrs.strike;
}

TerminalCell cellOf(const VTermScreenCell &cell)
{
    TerminalCell out;
    for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i] != 0; ++i) {
        const char32_t c = cell.chars[i];
        out.text += QString::fromUcs4(&c, 1);
    }
    out.width = cell.width;
    out.style.foreground = colorOf(cell.fg, true);
    out.style.background = colorOf(cell.bg, false);
    out.style.bold = cell.attrs.bold;
    out.style.italic = cell.attrs.italic;
    out.style.underline = cell.attrs.underline != VTERM_UNDERLINE_OFF;
    out.style.strikeOut = cell.attrs.strike;
    out.style.inverse = cell.attrs.reverse;
    return out;
}

VTermColor defaultColor(bool foreground)
{
    VTermColor color;
    vterm_color_rgb(&color, 0, 0, 0);
    color.type = VTermColorType(VTERM_COLOR_RGB | (foreground ? VTERM_COLOR_DEFAULT_FG : VTERM_COLOR_DEFAULT_BG));
    return color;
}
/// A scrollback line's cell given back to libvterm (a resize to more rows).
VTermScreenCell vtermCellOf(const TerminalCell &cell)
{
    VTermScreenCell out{};
    const QList<uint> chars = cell.text.toUcs4();
    for (int i = 0; i < std::min<qsizetype>(chars.size(), VTERM_MAX_CHARS_PER_CELL); ++i)
        out.chars[i] = chars[i];
    out.width = char(cell.width);
    out.attrs.bold = cell.style.bold;
    out.attrs.italic = cell.style.italic;
    out.attrs.underline = cell.style.underline ? VTERM_UNDERLINE_SINGLE : VTERM_UNDERLINE_OFF;
    out.attrs.strike = cell.style.strikeOut;
    out.attrs.reverse = cell.style.inverse;
    const auto color = [](TextStyle::Color c, bool foreground) {
        VTermColor v = defaultColor(foreground);
        if (c.type == TextStyle::ColorType::Indexed)
            vterm_color_indexed(&v, uint8_t(c.value));
        else if (c.type == TextStyle::ColorType::Rgb)
            vterm_color_rgb(&v, uint8_t(c.value >> 16), uint8_t(c.value >> 8), uint8_t(c.value));
        return v;
    };
    out.fg = color(cell.style.foreground, true);
    out.bg = color(cell.style.background, false);
    return out;
}

} // namespace

/// libvterm's C callbacks, each handed the screen as `user`.
struct TerminalScreen::Callbacks {
    static TerminalScreen &self(void *user) { return *static_cast<TerminalScreen *>(user); }

    static int damage(VTermRect rect, void *user)
    {
        self(user).noteDamage(rect.start_row, rect.end_row - 1);
        return 1;
    }
    static int moverect(VTermRect dest, VTermRect src, void *user)
    {
        self(user).noteDamage(std::min(dest.start_row, src.start_row), std::max(dest.end_row, src.end_row) - 1);
        return 1;
    }
    static int movecursor(VTermPos pos, VTermPos old, int visible, void *user)
    {
        TerminalScreen &screen = self(user);
        screen.m_cursor = QPoint(pos.col, pos.row);
        screen.m_cursorVisible = visible;
        screen.noteDamage(std::min(pos.row, old.row), std::max(pos.row, old.row));
        return 1;
    }
    static int settermprop(VTermProp prop, VTermValue *value, void *user)
    {
        TerminalScreen &screen = self(user);
        if (prop == VTERM_PROP_CURSORVISIBLE)
            screen.m_cursorVisible = value->boolean;
        else if (prop == VTERM_PROP_CURSORBLINK)
            screen.m_cursorBlink = value->boolean;
        else if (prop == VTERM_PROP_ALTSCREEN)
            screen.m_altScreen = value->boolean;
        else
            return 0;
        screen.noteDamage(0, screen.m_size.rows - 1);
        return 1;
    }
    static int bell(void *user)
    {
        Q_EMIT self(user).bell();
        return 1;
    }
    static int pushline(int columns, const VTermScreenCell *cells, void *user)
    {
        TerminalScreen &screen = self(user);
        // Without its trailing blanks: most lines are short, and a flood pushes millions.
        int used = columns;
        while (used > 0 && cells[used - 1].chars[0] == 0 && isPlain(cells[used - 1]))
            --used;
        TerminalLine line;
        line.reserve(used);
        for (int i = 0; i < used; ++i)
            line.append(cellOf(cells[i]));
        screen.m_scrollback.push_back(std::move(line));
        ++screen.m_linesPushed;
        if (screen.m_scrollback.size() > size_t(kMaxScrollback))
            screen.m_scrollback.pop_front();
        screen.m_scrollbackChanged = true;
        return 1;
    }
    static int popline(int columns, VTermScreenCell *cells, void *user)
    {
        TerminalScreen &screen = self(user);
        if (screen.m_scrollback.empty())
            return 0;
        const TerminalLine line = std::move(screen.m_scrollback.back());
        screen.m_scrollback.pop_back();
        --screen.m_linesPushed;
        for (int i = 0; i < columns; ++i)
            cells[i] = vtermCellOf(i < line.size() ? line[i] : TerminalCell{});
        screen.m_scrollbackChanged = true;
        return 1;
    }
    static void output(const char *bytes, size_t length, void *user)
    {
        self(user).m_toSend.append(bytes, qsizetype(length));
    }
};

TerminalScreen::TerminalScreen(Core::TerminalSize size, QObject *parent)
    : QObject(parent)
    , m_vterm(vterm_new(std::max(1, size.rows), std::max(1, size.columns)), &vterm_free)
    , m_size{std::max(1, size.columns), std::max(1, size.rows)}
{
    vterm_set_utf8(m_vterm.get(), 1);
    vterm_output_set_callback(m_vterm.get(), &Callbacks::output, this);
    m_screen = vterm_obtain_screen(m_vterm.get());
    static const VTermScreenCallbacks callbacks = {
        &Callbacks::damage,      &Callbacks::moverect, &Callbacks::movecursor,
        &Callbacks::settermprop, &Callbacks::bell,     nullptr,
        &Callbacks::pushline,    &Callbacks::popline,
    };
    vterm_screen_set_callbacks(m_screen, &callbacks, this);
    // Damage is merged per feed: a flood scrolls the screen thousands of times a second, and
    // one repaint of the whole screen is all the view needs.
    vterm_screen_set_damage_merge(m_screen, VTERM_DAMAGE_SCROLL);
    vterm_screen_enable_altscreen(m_screen, 1);
    VTermState *state = vterm_obtain_state(m_vterm.get());
    const VTermColor fg = defaultColor(true);
    const VTermColor bg = defaultColor(false);
    vterm_state_set_default_colors(state, &fg, &bg);
    vterm_screen_reset(m_screen, 1);
}

TerminalScreen::~TerminalScreen() = default;

void TerminalScreen::feed(QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return;
    vterm_input_write(m_vterm.get(), bytes.data(), size_t(bytes.size()));
    vterm_screen_flush_damage(m_screen);
    flushSignals();
}

void TerminalScreen::resize(Core::TerminalSize size)
{
    size = {std::max(1, size.columns), std::max(1, size.rows)};
    if (size == m_size)
        return;
    m_size = size;
    vterm_set_size(m_vterm.get(), size.rows, size.columns);
    vterm_screen_flush_damage(m_screen);
    noteDamage(0, size.rows - 1);
    flushSignals();
}

void TerminalScreen::reset()
{
    vterm_screen_reset(m_screen, 1);
    m_scrollback.clear();
    m_linesPushed = 0;
    m_scrollbackChanged = true;
    m_cursorVisible = true;
    m_altScreen = false;
    noteDamage(0, m_size.rows - 1);
    flushSignals();
}

void TerminalScreen::noteDamage(int top, int bottom)
{
    m_damageTop = std::min(m_damageTop, top);
    m_damageBottom = std::max(m_damageBottom, bottom);
}

void TerminalScreen::flushSignals()
{
    if (std::exchange(m_scrollbackChanged, false))
        Q_EMIT scrollbackChanged();
    if (m_damageTop <= m_damageBottom)
        Q_EMIT damaged(std::max(0, m_damageTop), std::min(m_size.rows - 1, m_damageBottom));
    m_damageTop = INT_MAX;
    m_damageBottom = INT_MIN;
    if (!m_toSend.isEmpty())
        Q_EMIT bytesToSend();
}

TerminalLine TerminalScreen::line(int row) const
{
    if (row < 0) {
        const qsizetype index = qsizetype(m_scrollback.size()) + row;
        return index >= 0 ? m_scrollback[size_t(index)] : TerminalLine();
    }
    if (row >= m_size.rows)
        return {};
    TerminalLine out;
    out.reserve(m_size.columns);
    VTermScreenCell cell;
    for (int column = 0; column < m_size.columns; ++column) {
        vterm_screen_get_cell(m_screen, VTermPos{row, column}, &cell);
        out.append(cellOf(cell));
    }
    return out;
}

QString TerminalScreen::lineText(int row) const
{
    const TerminalLine cells = line(row);
    return cellsText(cells, 0, int(cells.size()) - 1);
}

QString TerminalScreen::text(int fromRow, int fromColumn, int toRow, int toColumn) const
{
    return rowsText([this](int row) { return line(row); }, fromRow, fromColumn, toRow, toColumn);
}

TerminalScreen::KeyModes TerminalScreen::keyModes()
{
    const QByteArray kept = std::exchange(m_toSend, {});
    const auto sends = [this](auto key) {
        key();
        return std::exchange(m_toSend, {});
    };
    VTerm *vt = m_vterm.get();
    KeyModes modes;
    modes.applicationCursor = sends([vt] { vterm_keyboard_key(vt, VTERM_KEY_UP, VTERM_MOD_NONE); }).startsWith("\x1bO");
    modes.applicationKeypad
        = sends([vt] { vterm_keyboard_key(vt, VTERM_KEY_KP_0, VTERM_MOD_NONE); }).startsWith("\x1bO");
    modes.newline = sends([vt] { vterm_keyboard_key(vt, VTERM_KEY_ENTER, VTERM_MOD_NONE); }) == "\r\n";
    modes.bracketedPaste = !sends([vt] {
                               vterm_keyboard_start_paste(vt);
                               vterm_keyboard_end_paste(vt);
                           }).isEmpty();
    m_toSend = kept;
    return modes;
}

void TerminalScreen::setKeyModes(const KeyModes &modes)
{
    const auto mode = [](bool on, const char *set, const char *unset) { return QByteArray(on ? set : unset); };
    feed(mode(modes.applicationCursor, "\x1b[?1h", "\x1b[?1l") + mode(modes.applicationKeypad, "\x1b=", "\x1b>")
         + mode(modes.bracketedPaste, "\x1b[?2004h", "\x1b[?2004l") + mode(modes.newline, "\x1b[20h", "\x1b[20l"));
}

bool TerminalScreen::sendKey(int qtKey, Qt::KeyboardModifiers modifiers, const QString &text)
{
    const bool sent = TerminalKeys::send(m_vterm.get(), qtKey, modifiers, text);
    flushSignals();
    return sent;
}

void TerminalScreen::paste(const QString &text)
{
    QString typed = text;
    typed.replace(QStringLiteral("\r\n"), QStringLiteral("\r")).replace(QLatin1Char('\n'), QLatin1Char('\r'));
    vterm_keyboard_start_paste(m_vterm.get());
    // A paste is text, not keys: written as it is, in UTF-8, between the markers.
    m_toSend.append(typed.toUtf8());
    vterm_keyboard_end_paste(m_vterm.get());
    flushSignals();
}

} // namespace Sandpit::Ui
