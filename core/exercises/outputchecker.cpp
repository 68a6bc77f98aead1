#include "exercises/outputchecker.h"

#include "exercises/visibletext.h"
#include "history/outputcomparison.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace Sandpit::Core {

namespace {
using Result = CheckerVerdict::Result;

QStringList tokensOf(const QByteArray &output)
{
    static const QRegularExpression whitespace(QStringLiteral("\\s+"));
    return QString::fromUtf8(output).split(whitespace, Qt::SkipEmptyParts);
}

QString quoted(const QString &text)
{
    return QStringLiteral("“%1”").arg(VisibleText::drawn(text, 200));
}

/// The verdict on two outputs that hold the same words but not the same bytes.
CheckerVerdict whitespaceVerdict(bool forgiven, const QString &checkerName, const QByteArray &expected,
                                 const QByteArray &actual)
{
    const QString where = VisibleText::whitespaceDifference(expected, actual);
    if (forgiven) {
        return {Result::Accepted, true,
                QStringLiteral("Only whitespace differs (%1), which this test's checker (%2) forgives.")
                    .arg(where, checkerName)};
    }
    return {Result::Rejected, true,
            QStringLiteral("Only whitespace differs: %1. This test's checker (%2) compares every character, "
                           "so it does not forgive that.")
                .arg(where, checkerName)};
}

/// The first place where two lists of words part, as a sentence; `what` names a word ("word",
/// "value").
QString tokenDifference(const QStringList &want, const QStringList &got, qsizetype at, const QString &what)
{
    if (at >= got.size())
        return QStringLiteral("The output ended after %1 %2s; the expected output goes on with %3.")
            .arg(QString::number(got.size()), what, quoted(want.at(at)));
    if (at >= want.size())
        return QStringLiteral("The output goes on with %1 after all %2 %3s of the expected output.")
            .arg(quoted(got.at(at)), QString::number(want.size()), what);
    return QStringLiteral("%1 %2: it printed %3, where the expected output has %4.")
        .arg(what.left(1).toUpper() + what.mid(1), QString::number(at + 1), quoted(got.at(at)), quoted(want.at(at)));
}

CheckerVerdict checkExact(const QByteArray &expected, const QByteArray &actual)
{
    if (expected == actual)
        return {Result::Accepted, false, {}};
    if (tokensOf(expected) == tokensOf(actual))
        return whitespaceVerdict(false, QStringLiteral("exact"), expected, actual);
    return {Result::Rejected, false,
            VisibleText::controlsDrawn(OutputComparison::compare(expected, actual).difference())};
}

CheckerVerdict checkLines(const QByteArray &expected, const QByteArray &actual)
{
    const OutputComparison comparison = OutputComparison::compare(expected, actual);
    if (comparison.matches) {
        if (expected == actual)
            return {Result::Accepted, false, {}};
        return whitespaceVerdict(true, QStringLiteral("lines"), expected, actual);
    }
    // The same words on other lines, or with spaces inside a line: the lines checker forgives
    // only line ends and blank lines at the end.
    if (tokensOf(expected) == tokensOf(actual))
        return {Result::Rejected, true,
                QStringLiteral("Only whitespace differs: %1. This test's checker (lines) forgives spaces at line "
                               "ends and blank lines at the end, but not that.")
                    .arg(VisibleText::whitespaceDifference(expected, actual))};
    return {Result::Rejected, false, VisibleText::controlsDrawn(comparison.difference())};
}

CheckerVerdict checkTokens(const QByteArray &expected, const QByteArray &actual)
{
    const QStringList want = tokensOf(expected);
    const QStringList got = tokensOf(actual);
    if (want == got) {
        if (expected == actual)
            return {Result::Accepted, false, {}};
        return whitespaceVerdict(true, QStringLiteral("tokens"), expected, actual);
    }
    qsizetype at = 0;
    while (at < want.size() && at < got.size() && want.at(at) == got.at(at))
        ++at;
    return {Result::Rejected, false, tokenDifference(want, got, at, QStringLiteral("word"))};
}

std::optional<double> numberIn(const QString &token)
{
    bool ok = false;
    const double value = QLocale::c().toDouble(token, &ok);
    if (ok)
        return value;
    const QString lower = token.toLower();
    if (lower == u"nan" || lower == u"-nan")
        return std::nan("");
    if (lower == u"inf" || lower == u"infinity" || lower == u"+inf")
        return HUGE_VAL;
    if (lower == u"-inf" || lower == u"-infinity")
        return -HUGE_VAL;
    return std::nullopt;
}

bool closeEnough(double want, double got, const CheckerSpec &checker)
{
    if (std::isnan(want) || std::isnan(got))
        return std::isnan(want) && std::isnan(got);
    if (std::isinf(want) || std::isinf(got))
        return want == got;
    const double difference = std::fabs(want - got);
    return difference <= checker.absoluteTolerance || difference <= checker.relativeTolerance * std::fabs(want);
}

CheckerVerdict checkFloat(const CheckerSpec &checker, const QByteArray &expected, const QByteArray &actual)
{
    const QStringList want = tokensOf(expected);
    const QStringList got = tokensOf(actual);
    qsizetype at = 0;
    for (; at < want.size() && at < got.size(); ++at) {
        const std::optional<double> wantNumber = numberIn(want.at(at));
        const std::optional<double> gotNumber = numberIn(got.at(at));
        if (wantNumber && gotNumber ? closeEnough(*wantNumber, *gotNumber, checker) : want.at(at) == got.at(at))
            continue;
        if (wantNumber && gotNumber) {
            return {Result::Rejected, false,
                    QStringLiteral("Value %1: it printed %2, where the expected output has %3 (the difference "
                                   "allowed is %4, or %5 of the expected value).")
                        .arg(QString::number(at + 1), got.at(at), want.at(at),
                             QString::number(checker.absoluteTolerance, 'g', 6),
                             QString::number(checker.relativeTolerance, 'g', 6))};
        }
        break;
    }
    if (at == want.size() && at == got.size()) {
        if (want == got && expected != actual)
            return whitespaceVerdict(true, QStringLiteral("float"), expected, actual);
        return {Result::Accepted, false, {}};
    }
    return {Result::Rejected, false, tokenDifference(want, got, at, QStringLiteral("value"))};
}

CheckerVerdict checkRegex(const QString &pattern, const QByteArray &actual)
{
    // The whole output, without the line ends and spaces it ends with (a print() adds one).
    const QRegularExpression expression(QRegularExpression::anchoredPattern(pattern),
                                        QRegularExpression::DotMatchesEverythingOption);
    if (!expression.isValid()) {
        return {Result::CheckerError, false,
                QStringLiteral("The exercise's regex checker has a broken pattern (%1, at character %2).")
                    .arg(expression.errorString(), QString::number(expression.patternErrorOffset() + 1))};
    }
    QString text = QString::fromUtf8(actual);
    while (!text.isEmpty() && text.back().isSpace())
        text.chop(1);
    if (expression.match(text).hasMatch())
        return {Result::Accepted, false, {}};
    return {
        Result::Rejected, false,
        QStringLiteral("The output does not have the form this test expects (the pattern %1).").arg(quoted(pattern))};
}

CheckerVerdict checkContains(const QString &pattern, const QByteArray &actual)
{
    if (QString::fromUtf8(actual).contains(pattern))
        return {Result::Accepted, false, {}};
    return {Result::Rejected, false, QStringLiteral("The output does not contain %1.").arg(quoted(pattern))};
}
} // namespace

CheckerVerdict checkOutput(const CheckerSpec &checker, const QByteArray &expected, const QByteArray &actual)
{
    switch (checker.kind) {
    case CheckerKind::Exact:
        return checkExact(expected, actual);
    case CheckerKind::Lines:
        return checkLines(expected, actual);
    case CheckerKind::Tokens:
        return checkTokens(expected, actual);
    case CheckerKind::Float:
        return checkFloat(checker, expected, actual);
    case CheckerKind::Regex:
        return checkRegex(checker.pattern, actual);
    case CheckerKind::Contains:
        return checkContains(checker.pattern, actual);
    case CheckerKind::Program:
        break;
    }
    return {Result::CheckerError, false,
            QStringLiteral("A checker program runs in the sandbox; it cannot compare outputs here.")};
}

} // namespace Sandpit::Core
