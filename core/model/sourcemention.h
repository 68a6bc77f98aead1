#pragma once

#include <QString>

namespace Sandpit::Core {

/// Where one line of a run's output names a place in one of the learner's own files, as a
/// traceback's `File "/work/main.py", line 4` or a compiler's `main.c:5:3` does.
struct SourceMention {
    QString file;        ///< the source's name as the learner knows it ("main.c")
    int line = 0;        ///< 1-based
    int column = 0;      ///< 1-based; 0 when the line does not say
    qsizetype start = 0; ///< the characters of the output line that name the place
    qsizetype length = 0;

    friend bool operator==(const SourceMention &, const SourceMention &) = default;
};

} // namespace Sandpit::Core
