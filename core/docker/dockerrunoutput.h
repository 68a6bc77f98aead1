#pragma once

#include "docker/dockerendmarker.h"
#include "docker/dockerinputwaitlines.h"
#include "docker/dockerstream.h"
#include "model/runresult.h"

#include <functional>
#include <memory>
#include <optional>

namespace Sandpit::Core {

struct DockerRunShared;
struct RunRequest;

/// What a container's attach stream brings in, sorted on the stream's thread: the program's
/// stdout and stderr, with init's end markers (and, for typed input, its input-wait lines)
/// taken out, held to the output limit, handed on as they come and kept for the result.
/// Touched only by the attach stream's thread until that thread is joined.
class DockerRunOutput final
{
public:
    /// Called on the attach stream's thread with each piece of the program's output.
    using Sink = std::function<void(OutputStream stream, QByteArray data)>;

    /// `token`: the run's secret, which init's lines carry (DockerEndMarker).
    DockerRunOutput(const QByteArray &token, const RunRequest &request, std::shared_ptr<DockerRunShared> shared,
                    Sink sink);

    /// Takes a piece of the attach stream. False once the output limit is reached: the run is
    /// asked to stop, and the stream should end.
    bool feed(QByteArrayView bytes);
    /// The key=value fields of init's end marker, once both streams have carried it.
    const QMap<QByteArray, QByteArray> &markerFields() const { return m_stdoutEnd.fields(); }
    /// No marker came: what was held back as a possible start of one is the program's.
    void releaseHeld();
    /// What was kept of the output, and whether it was cut at the limit.
    void applyTo(RunResult &result) const;

private:
    /// Takes init's input-wait lines out of its stderr (only for typed input) to the clock.
    QByteArray takeInputWaits(const QByteArray &stderrData);
    bool deliver(OutputStream stream, QByteArray data);

    std::shared_ptr<DockerRunShared> m_shared;
    Sink m_sink;
    const qint64 m_limit;
    const bool m_keep;
    DockerStreamDemuxer m_demuxer;
    DockerEndMarker m_stdoutEnd;
    DockerEndMarker m_stderrEnd;
    std::optional<DockerInputWaitLines> m_inputWaits; // only when the input is typed
    QByteArray m_stdout;
    QByteArray m_stderr;
    qint64 m_total = 0;
    bool m_stdoutTruncated = false;
    bool m_stderrTruncated = false;
};

} // namespace Sandpit::Core
