#pragma once

#include "exercises/packvalidator.h"
#include "exercises/testoutcome.h"

#include <QColor>
#include <QPalette>
#include <QString>

class QTableWidgetItem;

namespace Sandpit::Ui {

/// A verdict in one short word for a grade table's cell ("pass", "wrong", "time"), beside its
/// mark, so a projected table reads without colour.
QString verdictWord(Core::Verdict verdict);

/// "✗ Error" / "⚠ Warning", in the theme's bad and warning tones.
QString severityText(Core::ValidationFinding::Severity severity);
QColor severityColour(Core::ValidationFinding::Severity severity, const QPalette &palette);

/// A read-only cell.
QTableWidgetItem *tableCell(const QString &text);

} // namespace Sandpit::Ui
