#pragma once

#include "exercises/testoutcome.h"

#include <QColor>
#include <QPalette>
#include <QString>

namespace Sandpit::Ui {

/// How a verdict looks in the results table: a mark that reads without colour (for the
/// colour-blind and for a projector that washes colours out) and a colour that reads on the
/// palette's base, light or dark.
QString verdictMark(Core::Verdict verdict);
QColor verdictColour(Core::Verdict verdict, const QPalette &palette);

} // namespace Sandpit::Ui
