#pragma once

#include <QIcon>

namespace Sandpit::Ui {

/// The toolbar's own pictures, drawn as shapes at whatever size is asked for, so they stay
/// sharp in presentation mode and on high-DPI screens, and in colours that read on both the
/// light and the dark theme (the style's stock icons are black, and vanish on a dark toolbar).
enum class Glyph {
    Run,          ///< a green triangle
    RunWithInput, ///< a terminal prompt, in the text colour
    Check,        ///< a green tick: Check the exercise
    Stop,         ///< a red square
    Presentation, ///< a screen on a stand, in the text colour
    Repl,         ///< ">>>" in green: the prompt of Python's REPL
};

/// An icon that draws `glyph` at paint time with the application's current palette, so a
/// theme switch recolours it without anyone resetting it.
QIcon glyphIcon(Glyph glyph);

} // namespace Sandpit::Ui
