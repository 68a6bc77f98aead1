#include "docker/dockerstream.h"

namespace Sandpit::Core {

namespace {
constexpr qsizetype kHeaderSize = 8;
}

QList<DockerStreamDemuxer::Piece> DockerStreamDemuxer::feed(QByteArrayView bytes)
{
    QList<Piece> pieces;
    const auto emitPayload = [&](QByteArrayView payload) {
        if (payload.isEmpty())
            return;
        if (!pieces.isEmpty() && pieces.last().stream == m_stream)
            pieces.last().data.append(payload);
        else
            pieces.append({m_stream, payload.toByteArray()});
    };
    while (m_valid && !bytes.isEmpty()) {
        if (m_remaining > 0) {
            const qsizetype take = std::min<qsizetype>(m_remaining, bytes.size());
            emitPayload(bytes.first(take));
            bytes = bytes.sliced(take);
            m_remaining -= quint32(take);
            continue;
        }
        const qsizetype take = std::min(kHeaderSize - m_header.size(), bytes.size());
        m_header.append(bytes.first(take));
        bytes = bytes.sliced(take);
        if (m_header.size() < kHeaderSize)
            break;
        const auto *h = reinterpret_cast<const uchar *>(m_header.constData());
        if (h[0] > 2 || h[1] != 0 || h[2] != 0 || h[3] != 0) {
            m_valid = false;
            break;
        }
        m_stream = Stream(h[0]);
        m_remaining = (quint32(h[4]) << 24) | (quint32(h[5]) << 16) | (quint32(h[6]) << 8) | quint32(h[7]);
        m_header.clear();
    }
    return pieces;
}

} // namespace Sandpit::Core
