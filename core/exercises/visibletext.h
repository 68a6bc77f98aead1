#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Sandpit::Core::VisibleText {

/// `line` with its whitespace and control characters drawn: · for a space, → for a tab, ␍ for
/// a carriage return, ␀ and the other control pictures for the rest. Past `limit` characters
/// the rest is left out, saying how many.
QString drawn(QStringView line, qsizetype limit = 2000);

/// `text` with only its control characters drawn (as drawn() does), spaces kept: for a
/// sentence that quotes a program's output.
QString controlsDrawn(QStringView text);

/// The lines of `output` as a diff shows them: drawn(), with ¶ at each line end, and a last
/// line "(no newline at end)" when the output ends without one, so that a missing final
/// newline is a difference anyone can see.
QStringList lines(const QByteArray &output);

/// Where two outputs that hold the same words differ in their whitespace, as a phrase that
/// fits "Only whitespace differs: …".
QString whitespaceDifference(const QByteArray &expected, const QByteArray &actual);

} // namespace Sandpit::Core::VisibleText
