#include "terminal/terminalkeys.h"

#include <QList>

#include <vterm.h>

namespace Sandpit::Ui::TerminalKeys {

namespace {
VTermModifier modifierOf(Qt::KeyboardModifiers modifiers)
{
    int mod = VTERM_MOD_NONE;
    if (modifiers & Qt::ShiftModifier)
        mod |= VTERM_MOD_SHIFT;
    if (modifiers & Qt::AltModifier)
        mod |= VTERM_MOD_ALT;
    if (modifiers & Qt::ControlModifier)
        mod |= VTERM_MOD_CTRL;
    return VTermModifier(mod);
}

VTermKey specialKey(int qtKey)
{
    switch (qtKey) {
    case Qt::Key_Return:
        return VTERM_KEY_ENTER;
    case Qt::Key_Enter:
        return VTERM_KEY_KP_ENTER;
    case Qt::Key_Tab:
    case Qt::Key_Backtab:
        return VTERM_KEY_TAB;
    case Qt::Key_Backspace:
        return VTERM_KEY_BACKSPACE;
    case Qt::Key_Escape:
        return VTERM_KEY_ESCAPE;
    case Qt::Key_Up:
        return VTERM_KEY_UP;
    case Qt::Key_Down:
        return VTERM_KEY_DOWN;
    case Qt::Key_Left:
        return VTERM_KEY_LEFT;
    case Qt::Key_Right:
        return VTERM_KEY_RIGHT;
    case Qt::Key_Insert:
        return VTERM_KEY_INS;
    case Qt::Key_Delete:
        return VTERM_KEY_DEL;
    case Qt::Key_Home:
        return VTERM_KEY_HOME;
    case Qt::Key_End:
        return VTERM_KEY_END;
    case Qt::Key_PageUp:
        return VTERM_KEY_PAGEUP;
    case Qt::Key_PageDown:
        return VTERM_KEY_PAGEDOWN;
    default:
        break;
    }
    if (qtKey >= Qt::Key_F1 && qtKey <= Qt::Key_F35)
        return VTermKey(VTERM_KEY_FUNCTION(qtKey - Qt::Key_F1 + 1));
    return VTERM_KEY_NONE;
}
} // namespace

bool send(VTerm *vterm, int qtKey, Qt::KeyboardModifiers modifiers, const QString &text)
{
    VTermModifier mod = modifierOf(modifiers);
    if (const VTermKey key = specialKey(qtKey); key != VTERM_KEY_NONE) {
        // Shift+Tab is Qt's Backtab; a terminal knows it as Tab with Shift (CSI Z).
        if (qtKey == Qt::Key_Backtab)
            mod = VTermModifier(mod | VTERM_MOD_SHIFT);
        vterm_keyboard_key(vterm, key, mod);
        return true;
    }
    // Ctrl+letter is the letter's control byte whatever the layout types for it: Ctrl+C is
    // 0x03, the interrupt the pty turns into SIGINT.
    if ((modifiers & Qt::ControlModifier) && qtKey >= Qt::Key_A && qtKey <= Qt::Key_Z) {
        vterm_keyboard_unichar(vterm, uint32_t('a' + (qtKey - Qt::Key_A)), VTermModifier(mod & ~VTERM_MOD_SHIFT));
        return true;
    }
    if (modifiers & Qt::ControlModifier) {
        // Ctrl+Space, Ctrl+[ ... : the key's own character with Ctrl.
        if (qtKey >= 0x20 && qtKey < 0x7f) {
            vterm_keyboard_unichar(vterm, uint32_t(QChar(qtKey).toLower().unicode()), mod);
            return true;
        }
    }
    if (text.isEmpty() || !text.at(0).isPrint())
        return false;
    // Shift is already in the character it typed ('A', '!').
    const VTermModifier textMod = VTermModifier(mod & ~VTERM_MOD_SHIFT);
    for (const char32_t c : text.toUcs4())
        vterm_keyboard_unichar(vterm, uint32_t(c), textMod);
    return true;
}

} // namespace Sandpit::Ui::TerminalKeys
