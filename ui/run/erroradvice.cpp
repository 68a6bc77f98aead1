#include "run/erroradvice.h"

#include <QRegularExpression>

#include <array>

namespace Sandpit::Ui {

namespace {
struct Advice {
    QRegularExpression error;
    /// "%1", "%2": the error's first and second captures.
    const char *sentence;
};

// The errors first-year learners meet most, in the order they are tried (a NameError with
// Python's own suggestion before one without). Python's message says what it noticed; each
// sentence says where to look and what to change, as Thonny's assistant does, in one line.
const std::array<Advice, 16> &advice()
{
    static const std::array<Advice, 16> table{{
        {QRegularExpression(QStringLiteral("^NameError: name '(.+)' is not defined\\. Did you mean: '(.+)'\\?")),
         "Python does not know the name '%1': is it a misspelling of '%2'? Names must match exactly, capitals "
         "too."},
        {QRegularExpression(QStringLiteral("^NameError: name '(.+)' is not defined")),
         "Python does not know the name '%1': check its spelling, give it a value on a line before this one, or "
         "put it in quotes if you meant the text \"%1\"."},
        {QRegularExpression(QStringLiteral("^SyntaxError: expected ':'")),
         "A line that starts a block (if, elif, else, for, while, def, class, try, except, finally, with) must end "
         "with a colon ':'."},
        {QRegularExpression(QStringLiteral("^SyntaxError: '([(\\[{])' was never closed")),
         "The '%1' opened here has no closing bracket: add it where the expression ends, often at the end of "
         "this line."},
        {QRegularExpression(QStringLiteral("^SyntaxError: unterminated (?:triple-quoted )?string literal")),
         "A text in quotes is not closed: add the same quote mark at its end."},
        {QRegularExpression(QStringLiteral("^SyntaxError: invalid syntax\\. Maybe you meant '==' or ':='")),
         "To compare two values, write '=='; a single '=' gives a variable a value."},
        {QRegularExpression(QStringLiteral("^IndentationError: expected an indented block")),
         "The lines inside a block (after a line that ends with ':') must be indented, usually by 4 spaces."},
        {QRegularExpression(QStringLiteral("^IndentationError: unexpected indent")),
         "This line starts further right than the lines around it: remove the spaces at its start, or line it "
         "up with its block."},
        {QRegularExpression(QStringLiteral("^IndentationError: unindent does not match")),
         "This line's indentation matches no block above it: line it up exactly with the lines of its block."},
        {QRegularExpression(QStringLiteral("^TabError:")),
         "This block mixes tabs and spaces: indent each of its lines with spaces only."},
        {QRegularExpression(QStringLiteral("^ValueError: invalid literal for int\\(\\) with base 10: (.*)$")),
         "int() was given %1, which is not a whole number. If you typed it, run the program again and type "
         "digits only."},
        {QRegularExpression(QStringLiteral("^ValueError: could not convert string to float: (.*)$")),
         "float() was given %1, which is not a number. If you typed it, run the program again and type a number "
         "such as 2.5."},
        {QRegularExpression(QStringLiteral("^TypeError: can only concatenate str \\(not \"(.+)\"\\) to str")),
         "'+' joins text only to text, not to a value of type %1: turn it into text with str(...) first, or "
         "give print() the parts separated by commas."},
        {QRegularExpression(QStringLiteral("^TypeError: unsupported operand type\\(s\\) for .+: '(?:int|float)' "
                                           "and 'str'|^TypeError: unsupported operand type\\(s\\) for .+: 'str' "
                                           "and '(?:int|float)'")),
         "This mixes a number and text. input() always gives text: turn it into a number with int(...) or "
         "float(...) before calculating."},
        {QRegularExpression(QStringLiteral("^ZeroDivisionError:")),
         "The program divided by zero: check the value you divide by before the division."},
        {QRegularExpression(QStringLiteral("^IndexError: (?:list|string|tuple) index out of range")),
         "The program asked for an item past the end: a list of n items has the indexes 0 to n-1."},
    }};
    return table;
}
} // namespace

QString errorAdvice(const QString &error)
{
    for (const Advice &each : advice()) {
        const QRegularExpressionMatch match = each.error.match(error);
        if (!match.hasMatch())
            continue;
        QString sentence = QString::fromUtf8(each.sentence);
        for (int i = 1; i <= match.lastCapturedIndex(); ++i)
            sentence.replace(QStringLiteral("%") + QString::number(i), match.captured(i));
        return sentence;
    }
    return {};
}

} // namespace Sandpit::Ui
