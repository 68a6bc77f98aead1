#pragma once

#include "theme/theme.h"

#include <optional>

class QsciLexer;

namespace Sandpit::Ui {

/// What style `style` of `lexer` shows, for the lexers Sandpit's editor uses: Python, Bash and
/// the C++ family (C, C++, Java, JavaScript and RustLexer derive from QsciLexerCPP). Empty for
/// a style number the lexer does not have; Syntax::Default for one of another lexer.
std::optional<Syntax> syntaxOfStyle(const QsciLexer &lexer, int style);

/// Gives every style of `lexer` the theme's paper and the colour of its Syntax. The lexer's
/// fonts are kept, except that keywords turn bold in a theme that asks for it.
void applyLexerTheme(QsciLexer &lexer, const Theme &theme);

} // namespace Sandpit::Ui
