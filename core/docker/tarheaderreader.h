#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Sandpit::Core {

/// Reads the entries of a tar stream as it arrives, keeping the headers and skipping the
/// files' contents without holding them: a listing of a folder through Docker's archive API
/// then costs the transfer, never the memory of the files. Knows ustar (with its prefix
/// field), PAX "x" records (path, size) and GNU long names, which is what Docker writes.
class TarHeaderReader final
{
public:
    struct Entry {
        QByteArray path;
        qint64 size = 0;
        bool regular = false; ///< a plain file, not a folder, link or device
    };

    /// False once the stream is malformed; what was read before stays.
    bool feed(QByteArrayView bytes);
    const QList<Entry> &entries() const { return m_entries; }

private:
    bool header(QByteArrayView block);
    void record(char type, const QByteArray &data);

    enum class State { Header, Skip, Extended } m_state = State::Header;
    QByteArray m_block;        // an incomplete 512-byte block
    qint64 m_skip = 0;         // bytes of data (and padding) left to skip
    char m_extendedType = 0;   // the extended header being read: 'x' or 'L'
    QByteArray m_extended;     // its data so far
    qint64 m_extendedLeft = 0; // and what is left of it, padding included
    qint64 m_extendedSize = 0;
    QByteArray m_nextPath; // from an extended header, for the next entry
    qint64 m_nextSize = -1;
    bool m_broken = false;
    QList<Entry> m_entries;
};

} // namespace Sandpit::Core
