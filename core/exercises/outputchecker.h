#pragma once

#include "exercises/exercise.h"

#include <QByteArray>
#include <QString>

namespace Sandpit::Core {

/// What a built-in checker says about an output.
struct CheckerVerdict {
    enum class Result { Accepted, Rejected, CheckerError };
    Result result = Result::Rejected;
    /// The outputs differ only in whitespace (spaces, tabs, line ends, blank lines at the
    /// end): set both when the checker forgave it (Accepted) and when it did not (Rejected).
    bool whitespaceOnly = false;
    QString message; ///< one sentence: where and how they differ, or why the checker failed
};

/// Compares a test's actual stdout with the expected one, with every built-in checker kind
/// (not Program, which runs in the sandbox: see KattisOutcome). Pure: no disk, any thread.
CheckerVerdict checkOutput(const CheckerSpec &checker, const QByteArray &expected, const QByteArray &actual);

} // namespace Sandpit::Core
