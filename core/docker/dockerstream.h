#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Sandpit::Core {

/// Splits Docker's multiplexed attach/logs stream (a container without a TTY) into its
/// stdout and stderr parts. Each frame is an 8-byte header — stream type, three zero bytes,
/// a big-endian payload size — then the payload. Bytes arrive in arbitrary pieces, so a
/// header or a payload may be split anywhere; payload bytes are handed on as soon as they
/// arrive rather than when their frame is complete, so a slow printer is shown live.
class DockerStreamDemuxer final
{
public:
    enum class Stream { Stdin = 0, Stdout = 1, Stderr = 2 };
    struct Piece {
        Stream stream;
        QByteArray data;
        friend bool operator==(const Piece &, const Piece &) = default;
    };

    /// The payload bytes in `bytes`, consecutive pieces of the same stream merged.
    QList<Piece> feed(QByteArrayView bytes);
    /// True between frames (nothing half-read).
    bool atFrameBoundary() const { return m_header.isEmpty() && m_remaining == 0; }
    /// False once a header was malformed; the rest of the stream is ignored.
    bool isValid() const { return m_valid; }

private:
    QByteArray m_header;
    quint32 m_remaining = 0;
    Stream m_stream = Stream::Stdout;
    bool m_valid = true;
};

} // namespace Sandpit::Core
