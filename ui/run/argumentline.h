#pragma once

#include <QString>
#include <QStringList>

namespace Sandpit::Ui {

// A program's arguments as a learner types them in one line, and back: words apart by spaces,
// "…" or '…' around a word with spaces (or an empty one), \ before a quote or a backslash.
// Only the splitting is shell-like: the words reach the program as they are, never a shell.

/// The words of `line`; an unclosed quote runs to the end of the line.
QStringList splitArgumentLine(const QString &line);
/// The line that splits back into `arguments`, quoted only where a word needs it.
QString joinArgumentLine(const QStringList &arguments);

} // namespace Sandpit::Ui
