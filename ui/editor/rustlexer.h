#pragma once

#include "editor/qscintilla.h"

namespace Sandpit::Ui {

/// Rust highlighting. QScintilla wraps no Rust lexer, but Rust's comments, strings, numbers
/// and braces are C-like, so the C++ lexer does, given Rust's keywords.
class RustLexer final : public QsciLexerCPP
{
    Q_OBJECT
public:
    using QsciLexerCPP::QsciLexerCPP;

    const char *language() const override { return "Rust"; }
    /// Set 1: keywords; set 2: the primitive types and the prelude's, shown like C++'s
    /// secondary keywords.
    const char *keywords(int set) const override;
};

} // namespace Sandpit::Ui
