#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Sandpit::Core {

/// Finds, in a container's stderr, the lines its init writes when the program begins or stops
/// waiting for typed input: "\x1esandpit-input-wait TOKEN 1\n" and "... 0\n" (see
/// core/helper/dockerdeadline.h). They are taken out; everything else is the program's. As
/// with the end marker, the token is the run's secret: a program that could print such a line
/// would pause its own wall-clock limit.
class DockerInputWaitLines final
{
public:
    explicit DockerInputWaitLines(const QByteArray &token);

    /// The program's bytes among `data`; the states the lines said, in order, go to `waits`
    /// (true: it began waiting). A possible start of a line at the end is held back until the
    /// next call decides it.
    QByteArray feed(QByteArrayView data, QList<bool> &waits);
    /// What is still held back, for a stream that ended.
    QByteArray takeHeld() { return std::exchange(m_held, {}); }

private:
    QByteArray m_prefix;
    QByteArray m_held;
};

} // namespace Sandpit::Core
