#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QMap>

namespace Sandpit::Core {

/// Finds the line the container's init writes to a stream once the program has ended:
/// "\x1esandpit-end TOKEN [key=value]...\n". Everything before it is the program's output;
/// the marker and anything after it are not. The token is a secret of the run, so a program
/// cannot end its own run early by printing a marker. Only the container's init holds it, a
/// process the program can neither read nor take over (see core/helper/dockerinit.h).
class DockerEndMarker final
{
public:
    explicit DockerEndMarker(QByteArray token);

    /// The program's bytes among `data`. A possible start of the marker at the end is held
    /// back until the next call decides it.
    QByteArray feed(QByteArrayView data);
    /// What is still held back, for a stream that ended without a marker.
    QByteArray takeHeld() { return std::exchange(m_held, {}); }
    bool ended() const { return m_ended; }
    /// The key=value fields of the marker line.
    const QMap<QByteArray, QByteArray> &fields() const { return m_fields; }

    /// The marker line itself, as init prints it (without fields).
    static QByteArray prefix(const QByteArray &token);
    /// Where, in `data`, a tail begins that could still grow into `prefix` (a line of init's
    /// that the next piece of the stream completes); data.size() when none could.
    static qsizetype possibleStart(QByteArrayView data, QByteArrayView prefix);

private:
    QByteArray m_prefix;
    QByteArray m_held;
    QMap<QByteArray, QByteArray> m_fields;
    bool m_ended = false;
};

} // namespace Sandpit::Core
