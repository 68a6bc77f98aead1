#include "window/instanceclient.h"

#include "window/instancemessage.h"

#include <QDataStream>
#include <QDeadlineTimer>
#include <QLocalSocket>

namespace Sandpit::Ui {

InstanceClient::Outcome InstanceClient::send(const QString &path, const QStringList &files, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    QLocalSocket socket;
    socket.connectToServer(path);
    if (!socket.waitForConnected(int(deadline.remainingTime()))) {
        const auto error = socket.error();
        return error == QLocalSocket::ServerNotFoundError || error == QLocalSocket::ConnectionRefusedError
            ? Outcome::NoInstance
            : Outcome::NoAnswer;
    }
    QDataStream out(&socket);
    out << InstanceMessage::kMagic << files;
    while (socket.bytesToWrite() > 0) {
        if (!socket.waitForBytesWritten(int(deadline.remainingTime())))
            return Outcome::NoAnswer;
    }
    // The window answers once it took the files; until then they are not its.
    while (socket.bytesAvailable() < 1) {
        if (!socket.waitForReadyRead(int(deadline.remainingTime())))
            return Outcome::NoAnswer;
    }
    char answer = 0;
    socket.getChar(&answer);
    return answer == InstanceMessage::kReceived ? Outcome::Delivered : Outcome::NoAnswer;
}

} // namespace Sandpit::Ui
