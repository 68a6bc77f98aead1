#include "docker/dockerrunoutput.h"

#include "docker/dockerrunshared.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

DockerRunOutput::DockerRunOutput(const QByteArray &token, const RunRequest &request,
                                 std::shared_ptr<DockerRunShared> shared, Sink sink)
    : m_shared(std::move(shared))
    , m_sink(std::move(sink))
    , m_limit(request.limits.outputBytes)
    , m_keep(request.keepOutputInResult)
    , m_stdoutEnd(token)
    , m_stderrEnd(token)
{
    if (request.keepStdinOpen)
        m_inputWaits.emplace(token);
}

bool DockerRunOutput::feed(QByteArrayView bytes)
{
    for (const auto &piece : m_demuxer.feed(bytes)) {
        if (piece.stream == DockerStreamDemuxer::Stream::Stdin)
            continue;
        const bool isStdout = piece.stream == DockerStreamDemuxer::Stream::Stdout;
        DockerEndMarker &end = isStdout ? m_stdoutEnd : m_stderrEnd;
        const QByteArray data = isStdout ? piece.data : takeInputWaits(piece.data);
        if (!deliver(isStdout ? OutputStream::Stdout : OutputStream::Stderr, end.feed(data))) {
            m_shared->requestStop(KillReason::OutputLimit);
            return false;
        }
        if (m_stdoutEnd.ended() && m_stderrEnd.ended()) {
            {
                const std::lock_guard lock(m_shared->mutex);
                m_shared->programEnded = true;
            }
            m_shared->changed.notify_all();
        }
    }
    return true;
}

QByteArray DockerRunOutput::takeInputWaits(const QByteArray &stderrData)
{
    if (!m_inputWaits)
        return stderrData;
    QList<bool> waits;
    QByteArray program = m_inputWaits->feed(stderrData, waits);
    if (!waits.isEmpty()) {
        {
            const std::lock_guard lock(m_shared->mutex);
            for (const bool waiting : waits)
                waiting ? m_shared->wallClock.inputWaitBegan() : m_shared->wallClock.inputWaitEnded();
        }
        m_shared->changed.notify_all();
    }
    return program;
}

bool DockerRunOutput::deliver(OutputStream stream, QByteArray data)
{
    const bool isStdout = stream == OutputStream::Stdout;
    bool withinLimit = true;
    if (m_limit > 0 && m_total + data.size() > m_limit) {
        data.truncate(m_limit - m_total);
        (isStdout ? m_stdoutTruncated : m_stderrTruncated) = true;
        withinLimit = false;
    }
    if (data.isEmpty())
        return withinLimit;
    m_total += data.size();
    if (m_keep)
        (isStdout ? m_stdout : m_stderr).append(data);
    m_sink(stream, std::move(data));
    return withinLimit;
}

void DockerRunOutput::releaseHeld()
{
    deliver(OutputStream::Stdout, m_stdoutEnd.takeHeld());
    deliver(OutputStream::Stderr, m_stderrEnd.takeHeld() + (m_inputWaits ? m_inputWaits->takeHeld() : QByteArray()));
}

void DockerRunOutput::applyTo(RunResult &result) const
{
    result.stdoutData = m_stdout;
    result.stderrData = m_stderr;
    result.stdoutTruncated = m_stdoutTruncated;
    result.stderrTruncated = m_stderrTruncated;
}

} // namespace Sandpit::Core
