#include "output/ansiparser.h"

#include <QVarLengthArray>

#include <algorithm>

namespace Sandpit::Ui {

namespace {
constexpr char16_t kEscape = 0x1B;
constexpr char16_t kBell = 0x07;
constexpr char16_t kCancel = 0x18;
constexpr char16_t kSubstitute = 0x1A;
constexpr char16_t kDelete = 0x7F;
constexpr char16_t kControlPictures = 0x2400;
constexpr char16_t kDeletePicture = 0x2421;
constexpr qsizetype kMaxParams = 64;
constexpr int kMaxNumber = 99'999;

bool isPrintable(char16_t c)
{
    return (c >= 0x20 && c != kDelete) || c == u'\t';
}

/// The CSI's numbers. `colon[i]` says values[i] is a sub-parameter of the one before it
/// ("38:2:r:g:b"); an empty parameter is -1.
struct Params {
    QVarLengthArray<int, 16> values;
    QVarLengthArray<bool, 16> colon;

    int at(qsizetype i, int fallback) const { return i < values.size() && values[i] >= 0 ? values[i] : fallback; }
};

Params parseParams(QStringView text)
{
    Params out;
    int value = -1;
    bool colon = false;
    const auto push = [&](bool nextIsColon) {
        out.values.append(value);
        out.colon.append(colon);
        value = -1;
        colon = nextIsColon;
    };
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        if (c >= u'0' && c <= u'9')
            value = std::min(std::max(value, 0) * 10 + (c - u'0'), kMaxNumber);
        else if (c == u';' || c == u':')
            push(c == u':');
    }
    push(false);
    return out;
}

/// "5;n" or "2;r;g;b" after a 38 or 48, in `values` from `first`; how many it used, or 0.
qsizetype readColor(const QVarLengthArray<int, 16> &values, qsizetype first, TextStyle::Color &color)
{
    const auto value = [&](qsizetype i) { return i < values.size() ? std::max(values[i], 0) : -1; };
    const int mode = value(first);
    if (mode == 5 && value(first + 1) >= 0) {
        if (value(first + 1) <= 255)
            color = {TextStyle::ColorType::Indexed, quint32(value(first + 1))};
        return 2;
    }
    if (mode == 2 && value(first + 3) >= 0) {
        const int r = value(first + 1), g = value(first + 2), b = value(first + 3);
        if (r <= 255 && g <= 255 && b <= 255)
            color = {TextStyle::ColorType::Rgb, quint32(r << 16 | g << 8 | b)};
        return 4;
    }
    return 0;
}

/// Applies one plain SGR code (not 38 or 48) to `style`. `underlineOff`: the code is "4:0",
/// the colon form's "no underline".
void applySgrCode(TextStyle &style, int code, bool underlineOff)
{
    switch (code) {
    case 0:
        style = {};
        break;
    case 1:
        style.bold = true;
        break;
    case 3:
        style.italic = true;
        break;
    case 4:
        style.underline = !underlineOff;
        break;
    case 7:
        style.inverse = true;
        break;
    case 9:
        style.strikeOut = true;
        break;
    case 21:
        style.underline = true;
        break;
    case 22:
        style.bold = false;
        break;
    case 23:
        style.italic = false;
        break;
    case 24:
        style.underline = false;
        break;
    case 27:
        style.inverse = false;
        break;
    case 29:
        style.strikeOut = false;
        break;
    case 39:
        style.foreground = {};
        break;
    case 49:
        style.background = {};
        break;
    default:
        if (code >= 30 && code <= 37)
            style.foreground = {TextStyle::ColorType::Indexed, quint32(code - 30)};
        else if (code >= 40 && code <= 47)
            style.background = {TextStyle::ColorType::Indexed, quint32(code - 40)};
        else if (code >= 90 && code <= 97)
            style.foreground = {TextStyle::ColorType::Indexed, quint32(code - 90 + 8)};
        else if (code >= 100 && code <= 107)
            style.background = {TextStyle::ColorType::Indexed, quint32(code - 100 + 8)};
        break; // faint, blink, conceal, fonts…: shown plainly
    }
}

/// Applies SGR parameters ("1;38;5;196") to `style`.
void applySgr(TextStyle &style, const Params &params)
{
    const qsizetype count = params.values.size();
    qsizetype i = 0;
    while (i < count) {
        const int code = std::max(params.values[i], 0);
        // The sub-parameters of this code, in the colon form ("38:5:196", "4:0").
        qsizetype end = i + 1;
        while (end < count && params.colon[end])
            ++end;
        const qsizetype subCount = end - i - 1;
        TextStyle::Color *extended = code == 38 ? &style.foreground : code == 48 ? &style.background : nullptr;
        if (extended && subCount > 0) {
            QVarLengthArray<int, 16> sub(params.values.begin() + i + 1, params.values.begin() + end);
            // "38:2:CS:r:g:b" names a colour space before the components; "38:2:r:g:b" does not.
            if (sub.size() >= 5 && sub[0] == 2)
                sub.remove(1);
            readColor(sub, 0, *extended);
            i = end;
            continue;
        }
        if (extended) {
            i += 1 + readColor(params.values, i + 1, *extended);
            continue;
        }
        applySgrCode(style, code, code == 4 && subCount > 0 && params.values[i + 1] == 0);
        i = end;
    }
}
} // namespace

void AnsiParser::reset()
{
    m_state = State::Ground;
    m_params.clear();
    m_csiIgnored = false;
    m_stringLength = 0;
    m_style = {};
}

void AnsiParser::parse(QStringView text, Sink &sink)
{
    const qsizetype size = text.size();
    qsizetype i = 0;
    while (i < size) {
        if (m_state == State::Ground) {
            i = takeText(text, i, sink);
        } else if (takeInSequence(text[i].unicode(), sink)) {
            ++i;
        }
    }
}

// The steps are inline: they run once per character of a sequence, and a call each cost a
// fifth of the parser's speed on coloured output.
inline qsizetype AnsiParser::takeText(QStringView text, qsizetype i, Sink &sink)
{
    // The hot path: hand on the longest run of printable text at once.
    const qsizetype size = text.size();
    const qsizetype start = i;
    while (i < size && isPrintable(text[i].unicode()))
        ++i;
    if (i > start)
        sink.text(text.sliced(start, i - start), m_style);
    if (i < size)
        executeControl(text[i++].unicode(), sink);
    return i;
}

inline bool AnsiParser::takeInSequence(char16_t c, Sink &sink)
{
    // In an escape or a CSI (never Ground: parse() keeps that for itself) a control character
    // acts at once and the sequence goes on; a string runs to its own end.
    if (m_state != State::String && m_state != State::StringEscape && c < 0x20) {
        controlInSequence(c, sink);
        return true;
    }
    switch (m_state) {
    case State::Ground:
        break;
    case State::Escape:
        return takeInEscape(c);
    case State::EscapeIntermediate:
        return takeInEscapeIntermediate(c);
    case State::Csi:
        return takeInCsi(c, sink);
    case State::String:
        return takeInString(c);
    case State::StringEscape:
        m_state = State::Ground;
        if (c != u'\\') { // not ST: the ESC ended the string and starts a new sequence
            m_state = State::Escape;
            return false;
        }
        break;
    }
    return true;
}

inline bool AnsiParser::takeInEscape(char16_t c)
{
    if (c == u'[') {
        m_state = State::Csi;
        m_params.clear();
        m_csiIgnored = false;
    } else if (c == u']' || c == u'P' || c == u'X' || c == u'^' || c == u'_') {
        m_state = State::String; // OSC, DCS, SOS, PM, APC: all run to ST
        m_stringLength = 0;
    } else if (c >= 0x20 && c <= 0x2F) {
        m_state = State::EscapeIntermediate; // e.g. "ESC ( B", a character set
    } else if (c >= 0x30 && c <= 0x7E) {
        m_state = State::Ground; // a two-character sequence such as "ESC 7"
    } else if (c >= 0x20) {
        m_state = State::Ground;
        return false; // not a sequence after all: the character is text
    }
    return true;
}

inline bool AnsiParser::takeInEscapeIntermediate(char16_t c)
{
    if (c >= 0x30 && c <= 0x7E) {
        m_state = State::Ground;
    } else if (c > 0x7E) {
        m_state = State::Ground;
        return false;
    }
    return true;
}

inline bool AnsiParser::takeInCsi(char16_t c, Sink &sink)
{
    if (c >= 0x40 && c <= 0x7E) {
        m_state = State::Ground;
        if (!m_csiIgnored)
            dispatchCsi(c, sink);
    } else if (c >= 0x30 && c <= 0x3F) {
        // "<=>?" mark a private sequence (cursor hiding and the like), which is dropped.
        if ((c >= u'<' && m_params.isEmpty()) || m_params.size() >= kMaxParams)
            m_csiIgnored = true;
        else
            m_params.append(QChar(c));
    } else if (c >= 0x20 && c <= 0x2F) {
        m_csiIgnored = true;
    } else if (c > kDelete) {
        m_state = State::Ground; // broken off: what follows is text again
        return false;
    }
    return true;
}

inline bool AnsiParser::takeInString(char16_t c)
{
    if (c == kBell || ++m_stringLength > kMaxStringLength) {
        m_state = State::Ground;
    } else if (c == kEscape) {
        m_state = State::StringEscape;
    } else if (c == u'\n' || c == kCancel || c == kSubstitute) {
        // No title or hyperlink spans lines: this string was never going to end.
        m_state = State::Ground;
        return false;
    }
    return true;
}

void AnsiParser::controlInSequence(char16_t c, Sink &sink)
{
    if (c == kEscape)
        m_state = State::Escape;
    else if (c == kCancel || c == kSubstitute)
        m_state = State::Ground;
    else if (c == u'\n' || c == u'\r' || c == u'\b')
        executeControl(c, sink); // as a terminal does, and the sequence carries on
}

void AnsiParser::executeControl(char16_t c, Sink &sink)
{
    switch (c) {
    case u'\n':
        sink.control(Control::Newline, 0);
        return;
    case u'\r':
        sink.control(Control::CarriageReturn, 0);
        return;
    case u'\b':
        sink.control(Control::Backspace, 0);
        return;
    case kEscape:
        m_state = State::Escape;
        return;
    default:
        break;
    }
    // NUL, BEL and the rest cannot be honoured in a pane; they show as their pictures, so
    // nothing invisible hides in the output and no NUL ever reaches the text document.
    const QChar picture(c == kDelete ? kDeletePicture : char16_t(kControlPictures + c));
    sink.text(QStringView(&picture, 1), m_style);
}

void AnsiParser::dispatchCsi(char16_t final, Sink &sink)
{
    const Params params = parseParams(m_params);
    switch (final) {
    case u'm':
        applySgr(m_style, params);
        return;
    case u'K':
        sink.control(Control::EraseInLine, std::clamp(params.at(0, 0), 0, 2));
        return;
    case u'C':
        sink.control(Control::CursorForward, std::max(params.at(0, 1), 1));
        return;
    case u'D':
        sink.control(Control::CursorBack, std::max(params.at(0, 1), 1));
        return;
    case u'G':
        sink.control(Control::CursorColumn, std::max(params.at(0, 1), 1) - 1);
        return;
    default:
        return; // cursor movement across lines, screen clearing, modes: not for a pane
    }
}

} // namespace Sandpit::Ui
