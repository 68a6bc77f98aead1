#include "editor/lexertheme.h"

#include "editor/qscintilla.h"

#include <algorithm>
#include <initializer_list>
#include <span>

namespace Sandpit::Ui {

namespace {

// Scintilla's lexers number their styles below 128; QsciLexerCPP adds 64 to each for code a
// preprocessor condition leaves out.
constexpr int kMaxStyles = 128;
constexpr int kInactiveOffset = 64;

// Each lexer's styles, by what they are. A style a table leaves out is Syntax::Default.
struct StylesOf {
    Syntax syntax;
    std::initializer_list<int> styles;
};

const StylesOf kCppStyles[] = {
    {Syntax::Comment,
     {QsciLexerCPP::Comment, QsciLexerCPP::CommentLine, QsciLexerCPP::CommentDoc, QsciLexerCPP::CommentLineDoc,
      QsciLexerCPP::CommentDocKeyword, QsciLexerCPP::PreProcessorComment, QsciLexerCPP::PreProcessorCommentLineDoc,
      QsciLexerCPP::TaskMarker}},
    {Syntax::Number, {QsciLexerCPP::Number, QsciLexerCPP::UUID, QsciLexerCPP::UserLiteral}},
    {Syntax::Keyword, {QsciLexerCPP::Keyword}},
    {Syntax::Type, {QsciLexerCPP::KeywordSet2}},
    {Syntax::String,
     {QsciLexerCPP::DoubleQuotedString, QsciLexerCPP::SingleQuotedString, QsciLexerCPP::VerbatimString,
      QsciLexerCPP::RawString, QsciLexerCPP::TripleQuotedVerbatimString, QsciLexerCPP::HashQuotedString,
      QsciLexerCPP::Regex, QsciLexerCPP::EscapeSequence}},
    {Syntax::Preprocessor, {QsciLexerCPP::PreProcessor}},
    {Syntax::Operator, {QsciLexerCPP::Operator}},
    {Syntax::Identifier, {QsciLexerCPP::Identifier}},
    {Syntax::ClassName, {QsciLexerCPP::GlobalClass}},
    {Syntax::Error, {QsciLexerCPP::UnclosedString, QsciLexerCPP::CommentDocKeywordError}},
};

const StylesOf kPythonStyles[] = {
    {Syntax::Comment, {QsciLexerPython::Comment, QsciLexerPython::CommentBlock}},
    {Syntax::Number, {QsciLexerPython::Number}},
    {Syntax::String,
     {QsciLexerPython::DoubleQuotedString, QsciLexerPython::SingleQuotedString,
      QsciLexerPython::TripleSingleQuotedString, QsciLexerPython::TripleDoubleQuotedString,
      QsciLexerPython::DoubleQuotedFString, QsciLexerPython::SingleQuotedFString,
      QsciLexerPython::TripleSingleQuotedFString, QsciLexerPython::TripleDoubleQuotedFString}},
    {Syntax::Keyword, {QsciLexerPython::Keyword}},
    {Syntax::Type, {QsciLexerPython::HighlightedIdentifier}},
    {Syntax::ClassName, {QsciLexerPython::ClassName}},
    {Syntax::FunctionName, {QsciLexerPython::FunctionMethodName}},
    {Syntax::Operator, {QsciLexerPython::Operator}},
    {Syntax::Identifier, {QsciLexerPython::Identifier}},
    {Syntax::Preprocessor, {QsciLexerPython::Decorator}},
    {Syntax::Error, {QsciLexerPython::UnclosedString}},
};

const StylesOf kBashStyles[] = {
    {Syntax::Error, {QsciLexerBash::Error}},
    {Syntax::Comment, {QsciLexerBash::Comment}},
    {Syntax::Number, {QsciLexerBash::Number}},
    {Syntax::Keyword, {QsciLexerBash::Keyword, QsciLexerBash::HereDocumentDelimiter}},
    {Syntax::String,
     {QsciLexerBash::DoubleQuotedString, QsciLexerBash::SingleQuotedString, QsciLexerBash::SingleQuotedHereDocument}},
    {Syntax::Operator, {QsciLexerBash::Operator}},
    {Syntax::Identifier, {QsciLexerBash::Identifier}},
    {Syntax::Type, {QsciLexerBash::Scalar, QsciLexerBash::ParameterExpansion}},
    {Syntax::Preprocessor, {QsciLexerBash::Backticks}},
};

Syntax lookUp(std::span<const StylesOf> table, int style)
{
    for (const StylesOf &row : table) {
        if (std::ranges::find(row.styles, style) != row.styles.end())
            return row.syntax;
    }
    return Syntax::Default;
}

Syntax cppSyntax(int style)
{
    if (style >= kInactiveOffset)
        return Syntax::Comment; // greyed out, as other editors show inactive code
    return lookUp(kCppStyles, style);
}

} // namespace

std::optional<Syntax> syntaxOfStyle(const QsciLexer &lexer, int style)
{
    if (style < 0 || style >= kMaxStyles || lexer.description(style).isEmpty())
        return std::nullopt;
    if (qobject_cast<const QsciLexerCPP *>(&lexer))
        return cppSyntax(style);
    if (qobject_cast<const QsciLexerPython *>(&lexer))
        return lookUp(kPythonStyles, style);
    if (qobject_cast<const QsciLexerBash *>(&lexer))
        return lookUp(kBashStyles, style);
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
