#include "editor/lexertheme.h"

#include "editor/qscintilla.h"

namespace Sandpit::Ui {

namespace {

// Scintilla's lexers number their styles below 128; QsciLexerCPP adds 64 to each for code a
// preprocessor condition leaves out.
constexpr int kMaxStyles = 128;
constexpr int kInactiveOffset = 64;

Syntax cppSyntax(int style)
{
    using L = QsciLexerCPP;
    if (style >= kInactiveOffset)
        return Syntax::Comment; // greyed out, as other editors show inactive code
    switch (style) {
    case L::Comment:
    case L::CommentLine:
    case L::CommentDoc:
    case L::CommentLineDoc:
    case L::CommentDocKeyword:
    case L::PreProcessorComment:
    case L::PreProcessorCommentLineDoc:
    case L::TaskMarker:
        return Syntax::Comment;
    case L::Number:
    case L::UUID:
    case L::UserLiteral:
        return Syntax::Number;
    case L::Keyword:
        return Syntax::Keyword;
    case L::KeywordSet2:
        return Syntax::Type;
    case L::DoubleQuotedString:
    case L::SingleQuotedString:
    case L::VerbatimString:
    case L::RawString:
    case L::TripleQuotedVerbatimString:
    case L::HashQuotedString:
    case L::Regex:
    case L::EscapeSequence:
        return Syntax::String;
    case L::PreProcessor:
        return Syntax::Preprocessor;
    case L::Operator:
        return Syntax::Operator;
    case L::Identifier:
        return Syntax::Identifier;
    case L::GlobalClass:
        return Syntax::ClassName;
    case L::UnclosedString:
    case L::CommentDocKeywordError:
        return Syntax::Error;
    default:
        return Syntax::Default;
    }
}

Syntax pythonSyntax(int style)
{
    using L = QsciLexerPython;
    switch (style) {
    case L::Comment:
    case L::CommentBlock:
        return Syntax::Comment;
    case L::Number:
        return Syntax::Number;
    case L::DoubleQuotedString:
    case L::SingleQuotedString:
    case L::TripleSingleQuotedString:
    case L::TripleDoubleQuotedString:
    case L::DoubleQuotedFString:
    case L::SingleQuotedFString:
    case L::TripleSingleQuotedFString:
    case L::TripleDoubleQuotedFString:
        return Syntax::String;
    case L::Keyword:
        return Syntax::Keyword;
    case L::HighlightedIdentifier:
        return Syntax::Type;
    case L::ClassName:
        return Syntax::ClassName;
    case L::FunctionMethodName:
        return Syntax::FunctionName;
    case L::Operator:
        return Syntax::Operator;
    case L::Identifier:
        return Syntax::Identifier;
    case L::Decorator:
        return Syntax::Preprocessor;
    case L::UnclosedString:
        return Syntax::Error;
    default:
        return Syntax::Default;
    }
}

Syntax bashSyntax(int style)
{
    using L = QsciLexerBash;
    switch (style) {
    case L::Error:
        return Syntax::Error;
    case L::Comment:
        return Syntax::Comment;
    case L::Number:
        return Syntax::Number;
    case L::Keyword:
        return Syntax::Keyword;
    case L::DoubleQuotedString:
    case L::SingleQuotedString:
    case L::SingleQuotedHereDocument:
        return Syntax::String;
    case L::Operator:
        return Syntax::Operator;
    case L::Identifier:
        return Syntax::Identifier;
    case L::Scalar:
    case L::ParameterExpansion:
        return Syntax::Type;
    case L::Backticks:
        return Syntax::Preprocessor;
    case L::HereDocumentDelimiter:
        return Syntax::Keyword;
    default:
        return Syntax::Default;
    }
}

} // namespace

std::optional<Syntax> syntaxOfStyle(const QsciLexer &lexer, int style)
{
    if (style < 0 || style >= kMaxStyles || lexer.description(style).isEmpty())
        return std::nullopt;
    if (qobject_cast<const QsciLexerCPP *>(&lexer))
        return cppSyntax(style);
    if (qobject_cast<const QsciLexerPython *>(&lexer))
        return pythonSyntax(style);
    if (qobject_cast<const QsciLexerBash *>(&lexer))
        return bashSyntax(style);
    return Syntax::Default;
}

void applyLexerTheme(QsciLexer &lexer, const Theme &theme)
{
    const Theme::Editor &e = theme.editor;
    lexer.setDefaultPaper(e.paper);
    lexer.setDefaultColor(e.text);
    // Scintilla paints the space below the last line with the default style, which no lexer
    // describes.
    lexer.setPaper(e.paper, QsciScintillaBase::STYLE_DEFAULT);
    lexer.setColor(e.text, QsciScintillaBase::STYLE_DEFAULT);
    for (int style = 0; style < kMaxStyles; ++style) {
        const std::optional<Syntax> syntax = syntaxOfStyle(lexer, style);
        if (!syntax)
            continue;
        const bool error = *syntax == Syntax::Error;
        lexer.setPaper(error ? e.errorPaper : e.paper, style);
        lexer.setColor(e.colour(*syntax), style);
        // The lexers' own papers for strings and regexes fill to the end of the line; only an
        // error keeps that, so it reads as a band.
        lexer.setEolFill(error, style);
        QFont font = lexer.font(style);
        const bool bold = (*syntax == Syntax::Keyword && e.boldKeywords);
        if (font.bold() != bold) {
            font.setBold(bold);
            lexer.setFont(font, style);
        }
    }
}

} // namespace Sandpit::Ui
