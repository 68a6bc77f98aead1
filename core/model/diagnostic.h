#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace Sandpit::Core {

/// One message about a place in the learner's program: a compiler's error or warning, or the
/// line where a program failed at run time.
struct Diagnostic {
    enum class Severity { Error, Warning, Note };

    QString file;   ///< the source file's name as the learner knows it ("main.c")
    int line = 0;   ///< 1-based; 0 when the tool named no line
    int column = 0; ///< 1-based; 0 when unknown
    Severity severity = Severity::Error;
    QString message;

    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::Diagnostic)
