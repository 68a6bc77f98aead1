#pragma once

#include <QString>

namespace Sandpit::Ui {

/// What a beginner can do next about a Python error, as the Run pane says it under the error:
/// "Python does not know the name 'totl'. Did you mean 'total'?…" for a NameError, what a colon
/// or an unclosed bracket needs for a SyntaxError, and so on for the errors a first course
/// meets most. `error` is the diagnostic's message ("NameError: name 'totl' is not defined");
/// empty when there is nothing surer to say than the error itself.
QString errorAdvice(const QString &error);

} // namespace Sandpit::Ui
