#include "docker/dockerendmarker.h"

namespace Sandpit::Core {

namespace {
constexpr char kRecordSeparator = '\x1e';
// Generous: the fields are a handful of numbers.
constexpr qsizetype kMaxMarkerLine = 512;
} // namespace

QByteArray DockerEndMarker::prefix(const QByteArray &token)
{
    return QByteArray(1, kRecordSeparator) + "sandpit-end " + token;
}

DockerEndMarker::DockerEndMarker(QByteArray token)
    : m_prefix(prefix(token))
{
}

QByteArray DockerEndMarker::feed(QByteArrayView data)
{
    if (m_ended)
        return {};
    m_held.append(data);
    const qsizetype at = m_held.indexOf(m_prefix);
    if (at >= 0) {
        const qsizetype newline = m_held.indexOf('\n', at);
        if (newline < 0 && m_held.size() - at < kMaxMarkerLine)
            return std::exchange(m_held, m_held.mid(at)).left(at);
        const QByteArray line = m_held.mid(at + m_prefix.size(), newline < 0 ? -1 : newline - at - m_prefix.size());
        for (const QByteArray &field : line.split(' ')) {
            const qsizetype eq = field.indexOf('=');
            if (eq > 0)
                m_fields.insert(field.left(eq), field.mid(eq + 1));
        }
        m_ended = true;
        QByteArray program = m_held.left(at);
        m_held.clear();
        return program;
    }
    // Hold back a tail that could still grow into the marker.
    const qsizetype tail = possibleStart(m_held, m_prefix);
    return std::exchange(m_held, m_held.mid(tail)).left(tail);
}

qsizetype DockerEndMarker::possibleStart(QByteArrayView data, QByteArrayView prefix)
{
    const qsizetype separator = data.lastIndexOf(kRecordSeparator);
    if (separator >= 0 && data.size() - separator < prefix.size() && prefix.startsWith(data.sliced(separator)))
        return separator;
    return data.size();
}

} // namespace Sandpit::Core
