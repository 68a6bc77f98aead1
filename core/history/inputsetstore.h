#pragma once

#include "history/inputset.h"
#include "model/runerror.h"

namespace Sandpit::Core {

/// The input sets of one program, in `<program>.sandpit-inputs.json` beside it. Every call
/// blocks on the disk: call it from a worker thread.
///
/// The file is a JSON array of `{"name", "stdin", "expected_stdout"}` objects (the last one
/// optional), UTF-8 text, so it reads well in a diff and can be written by hand.
class InputSetStore final
{
public:
    /// Larger files are refused: input sets are typed or pasted by people.
    static constexpr qint64 kMaxBytes = 16LL * 1024 * 1024;

    /// Where the sets of `programPath` live.
    static QString pathFor(const QString &programPath);

    /// The sets of `programPath`; none when the file does not exist. A file that is not valid
    /// JSON of the right shape is an error naming the file and the problem.
    static Expected<InputSets> load(const QString &programPath);
    /// Replaces the sets of `programPath` atomically (QSaveFile). Refuses when the existing
    /// file cannot be read or parsed, so that hand-written data is never overwritten.
    static Expected<void> save(const QString &programPath, const InputSets &sets);

    /// The JSON text of `sets`, and back; `source` names the file in messages.
    static QByteArray toJson(const InputSets &sets);
    static Expected<InputSets> fromJson(const QByteArray &json, const QString &source);
};

} // namespace Sandpit::Core
