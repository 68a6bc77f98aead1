#pragma once

#include <QString>
#include <Qt>

struct VTerm;

namespace Sandpit::Ui::TerminalKeys {

/// Sends the key `qtKey` with `modifiers` (and the `text` it types) to `vterm` as a terminal
/// would: arrows, Home/End and the function keys as escape sequences in the modes the program
/// set, Ctrl+letter as its control byte (Ctrl+C: 0x03), Enter as "\r", Backspace as DEL.
/// false: not a key a terminal sends (a lone modifier, a media key).
bool send(VTerm *vterm, int qtKey, Qt::KeyboardModifiers modifiers, const QString &text);

} // namespace Sandpit::Ui::TerminalKeys
