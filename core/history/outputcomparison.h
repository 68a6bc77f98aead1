#pragma once

#include <QByteArray>
#include <QString>

namespace Sandpit::Core {

/// How a run's stdout compares with an input set's expected output. Judges differ in what
/// they forgive; this one forgives what a learner cannot see: "\r\n" against "\n", spaces at
/// line ends, and newlines at the very end.
struct OutputComparison {
    bool matches = true;
    int line = 0;     ///< the first differing line, from 1; 0 when they match
    QString expected; ///< that line as expected ("(no more output)" past the end)
    QString actual;   ///< that line as printed

    static OutputComparison compare(const QByteArray &expected, const QByteArray &actual);
    /// One plain sentence for the output pane.
    QString summary() const;
    /// Where and how the output differs, for a place that says "Wrong answer" already: "At
    /// line 2 it printed “3”, where the expected output has “6”." Empty when they match.
    QString difference() const;
};

} // namespace Sandpit::Core
