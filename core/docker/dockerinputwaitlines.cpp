#include "docker/dockerinputwaitlines.h"

#include "docker/dockerendmarker.h"

namespace Sandpit::Core {

DockerInputWaitLines::DockerInputWaitLines(const QByteArray &token)
    : m_prefix(QByteArrayLiteral("\x1esandpit-input-wait ") + token + ' ')
{
}

QByteArray DockerInputWaitLines::feed(QByteArrayView data, QList<bool> &waits)
{
    m_held.append(data);
    QByteArray program;
    // A line is the prefix, '0' or '1', and a newline.
    const qsizetype lineSize = m_prefix.size() + 2;
    for (qsizetype at; (at = m_held.indexOf(m_prefix)) >= 0;) {
        program += m_held.left(at);
        m_held.remove(0, at);
        if (m_held.size() < lineSize)
            return program;
        waits.append(m_held.at(m_prefix.size()) == '1');
        m_held.remove(0, lineSize);
    }
    const qsizetype tail = DockerEndMarker::possibleStart(m_held, m_prefix);
    program += m_held.left(tail);
    m_held.remove(0, tail);
    return program;
}

} // namespace Sandpit::Core
