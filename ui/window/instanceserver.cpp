#include "window/instanceserver.h"

#include "window/instancemessage.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QtEndian>

#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Ui {

namespace {
/// A folder only this user can enter: owned by them, not a symbolic link, no access for
/// group or others. Anything else might be another user's trap.
bool isPrivateFolder(const QString &path)
{
    struct stat st { };
    return !path.isEmpty() && ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISDIR(st.st_mode)
        && st.st_uid == ::getuid() && (st.st_mode & 077) == 0;
}

QString displayName(const QProcessEnvironment &env)
{
    QString display = env.value(QStringLiteral("WAYLAND_DISPLAY"));
    if (display.isEmpty())
        display = env.value(QStringLiteral("DISPLAY"));
    if (display.isEmpty())
        display = QStringLiteral("none");
    // A Wayland display may be a path; a file name must not be.
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._:-]"));
    return display.replace(unsafe, QStringLiteral("_")).left(48);
}
} // namespace

InstanceServer::InstanceServer(QObject *parent)
    : QObject(parent)
    , m_server(new QLocalServer(this))
{
    // Only this user may connect, even if the folder were readable.
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::readyRead, this, [this, socket] { read(socket); });
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            read(socket);
        }
    });
}

std::expected<QString, QString> InstanceServer::socketPath(const QProcessEnvironment &env)
{
    const QString name = QStringLiteral("sandpit-%1-%2.socket").arg(::getuid()).arg(displayName(env));
    const QString runtime = env.value(QStringLiteral("XDG_RUNTIME_DIR"));
    if (isPrivateFolder(runtime))
        return runtime + QLatin1Char('/') + name;
    // Not /tmp/sandpit-UID: that is the run folders' parent (core/files/runfolders.cpp), which
    // is 0701 so the sandbox may pass through it, and so never private enough for the socket.
    const QString own = QDir::tempPath() + QStringLiteral("/sandpit-window-%1").arg(::getuid());
    // mkdir with 0700 fails if the name is taken; whatever holds it is then checked.
    ::mkdir(QFile::encodeName(own).constData(), 0700);
    if (!isPrivateFolder(own))
        return std::unexpected(QStringLiteral("%1 is not a folder of this user's alone").arg(own));
    return own + QLatin1Char('/') + name;
}

std::expected<void, QString> InstanceServer::listen(const QString &path)
{
    if (!m_server->listen(path) && m_server->serverError() == QAbstractSocket::AddressInUseError) {
        QLocalServer::removeServer(path);
        m_server->listen(path);
    }
    if (!m_server->isListening())
        return std::unexpected(m_server->errorString());
    return {};
}

void InstanceServer::read(QLocalSocket *socket)
{
    // Not a Sandpit (a stray client, or a later Sandpit speaking otherwise): dropped as soon as
    // its first word shows it, not after waiting for a file list that will never come whole.
    const QByteArray head = socket->peek(sizeof(quint32));
    if (socket->bytesAvailable() > InstanceMessage::kMaxBytes
        || (head.size() == sizeof(quint32) && qFromBigEndian<quint32>(head.constData()) != InstanceMessage::kMagic)) {
        socket->abort();
        return;
    }
    QDataStream in(socket);
    in.startTransaction();
    quint32 magic = 0;
    QStringList files;
    in >> magic >> files;
    if (in.status() == QDataStream::ReadPastEnd) {
        in.rollbackTransaction(); // the rest is still on its way
        return;
    }
    if (!in.commitTransaction() || magic != InstanceMessage::kMagic) {
        socket->abort();
        return;
    }
    Q_EMIT filesRequested(files);
    socket->write(&InstanceMessage::kReceived, 1);
    socket->disconnectFromServer();
}

} // namespace Sandpit::Ui
