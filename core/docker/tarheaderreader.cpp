#include "docker/tarheaderreader.h"

namespace Sandpit::Core {

namespace {
constexpr qsizetype kBlock = 512;
// A PAX record or a GNU long name bigger than this is not a name: refuse the stream.
constexpr qint64 kMaxExtended = 64 * 1024;

qint64 padded(qint64 size)
{
    return (size + kBlock - 1) / kBlock * kBlock;
}

QByteArray field(QByteArrayView block, qsizetype offset, qsizetype length)
{
    const QByteArrayView raw = block.sliced(offset, length);
    const qsizetype nul = raw.indexOf('\0');
    return (nul < 0 ? raw : raw.first(nul)).toByteArray();
}

/// Octal, or base-256 (the top bit of the first byte set) for sizes of 8 GB and more.
qint64 number(QByteArrayView block, qsizetype offset, qsizetype length)
{
    const QByteArrayView raw = block.sliced(offset, length);
    if (uchar(raw.at(0)) & 0x80) {
        qint64 value = uchar(raw.at(0)) & 0x7f;
        for (qsizetype i = 1; i < raw.size(); ++i)
            value = (value << 8) | uchar(raw.at(i));
        return value;
    }
    bool ok = false;
    const qint64 value = field(block, offset, length).trimmed().toLongLong(&ok, 8);
    return ok ? value : -1;
}
} // namespace

bool TarHeaderReader::feed(QByteArrayView bytes)
{
    while (!m_broken && !bytes.isEmpty()) {
        if (m_state == State::Skip) {
            const qint64 n = std::min<qint64>(m_skip, bytes.size());
            m_skip -= n;
            bytes = bytes.sliced(n);
            if (m_skip == 0)
                m_state = State::Header;
            continue;
        }
        if (m_state == State::Extended) {
            const qint64 n = std::min<qint64>(m_extendedLeft, bytes.size());
            m_extended.append(bytes.first(n));
            m_extendedLeft -= n;
            bytes = bytes.sliced(n);
            if (m_extendedLeft == 0) {
                record(m_extendedType, m_extended.left(m_extendedSize));
                m_state = State::Header;
            }
            continue;
        }
        const qsizetype n = std::min(kBlock - m_block.size(), bytes.size());
        m_block.append(bytes.first(n));
        bytes = bytes.sliced(n);
        if (m_block.size() == kBlock) {
            m_broken = !header(m_block);
            m_block.clear();
        }
    }
    return !m_broken;
}

bool TarHeaderReader::header(QByteArrayView block)
{
    if (block.count('\0') == kBlock)
        return true; // the end-of-archive blocks
    const qint64 size = number(block, 124, 12);
    if (size < 0)
        return false;
    const char type = block.at(156);
    if (type == 'x' || type == 'L') {
        if (size > kMaxExtended)
            return false;
        m_extendedType = type;
        m_extended.clear();
        m_extendedSize = size;
        m_extendedLeft = padded(size);
        m_state = m_extendedLeft > 0 ? State::Extended : State::Header;
        return true;
    }
    if (type != 'g') { // a global PAX header describes no entry
        Entry entry;
        entry.path = m_nextPath;
        if (entry.path.isEmpty()) {
            const QByteArray prefix = block.sliced(257, 6).startsWith("ustar") ? field(block, 345, 155) : QByteArray();
            entry.path = prefix.isEmpty() ? field(block, 0, 100) : prefix + '/' + field(block, 0, 100);
        }
        entry.size = m_nextSize >= 0 ? m_nextSize : size;
        entry.regular = type == '0' || type == '\0' || type == '7';
        m_entries.append(entry);
    }
    const qint64 dataSize = m_nextSize >= 0 && type != 'g' ? m_nextSize : size;
    m_nextPath.clear();
    m_nextSize = -1;
    // Links, folders and devices carry no data, whatever their size field says.
    m_skip = (type == '1' || type == '2' || type == '3' || type == '4' || type == '5' || type == '6')
        ? 0
        : padded(dataSize);
    m_state = m_skip > 0 ? State::Skip : State::Header;
    return true;
}

void TarHeaderReader::record(char type, const QByteArray &data)
{
    if (type == 'L') {
        m_nextPath = data.left(data.indexOf('\0') < 0 ? data.size() : data.indexOf('\0'));
        return;
    }
    // PAX: "LENGTH KEY=VALUE\n" records.
    for (qsizetype at = 0; at < data.size();) {
        const qsizetype space = data.indexOf(' ', at);
        bool ok = false;
        const qsizetype length = space < 0 ? 0 : data.mid(at, space - at).toLongLong(&ok);
        if (!ok || length <= space - at || at + length > data.size())
            return;
        const QByteArray pair = data.mid(space + 1, at + length - space - 2);
        const qsizetype eq = pair.indexOf('=');
        if (eq > 0) {
            const QByteArray key = pair.left(eq);
            if (key == "path")
                m_nextPath = pair.mid(eq + 1);
            else if (key == "size")
                m_nextSize = pair.mid(eq + 1).toLongLong();
        }
        at += length;
    }
}

} // namespace Sandpit::Core
