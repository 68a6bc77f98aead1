#pragma once

#include "model/diagnostic.h"
#include "policy/importpolicy.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <expected>

namespace Sandpit::Core {

/// One import the check found in the program's files (never the learner's own modules).
struct FoundImport {
    QString module;    ///< absolute and dotted; empty for a dynamic import
    QStringList names; ///< what `from module import ...` took, for `from os import path`
    QString how;       ///< "import", "from", "__import__", "import_module"
    QString file;      ///< relative to the workspace, as the learner knows it
    int line = 0;
    int column = 0;
    bool dynamic = false; ///< a name only known when the program runs: the check cannot judge it
};

/// What the import check printed, read as untrusted: the checker runs in the sandbox on the
/// learner's files, so each line is validated, the whole is bounded, and a report that lacks
/// its closing count (cut, or made up) is no report.
struct ImportReport {
    QList<FoundImport> imports;

    /// Bytes of checker output read at most; more is a check that could not finish.
    static constexpr qsizetype kMaxBytes = 256 * 1024;

    /// The report in `output` (JSON lines, ending with {"end": N}), or why it is not one:
    /// an {"incomplete": why} line from the checker is its `why`.
    static std::expected<ImportReport, QString> parse(const QByteArray &output);

    /// `policy` applied: a Diagnostic per warned or blocked import (error for a block,
    /// warning otherwise) and a warning per dynamic import, in file and line order.
    QList<Diagnostic> judge(const ImportPolicy &policy) const;
};

} // namespace Sandpit::Core
