#pragma once

// A stand-in for dockerd on a unix socket, on the test's own thread: it speaks just enough
// HTTP/1.1 for GET /version, the image lookups and POST /images/create, and the test decides
// when each line of the pull's progress stream goes out, so no sleep is ever needed to catch a
// state.

#include <QHash>
#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>
#include <QScopeGuard>
#include <QTemporaryDir>

class FakeDockerDaemon
{
public:
    FakeDockerDaemon()
    {
        m_server.listen(m_dir.filePath(QStringLiteral("docker.sock")));
        QObject::connect(&m_server, &QLocalServer::newConnection, &m_server, [this] {
            while (QLocalSocket *socket = m_server.nextPendingConnection())
                QObject::connect(socket, &QLocalSocket::readyRead, socket, [this, socket] { read(socket); });
        });
    }

    bool isListening() const { return m_server.isListening(); }
    QString dockerHost() const { return QStringLiteral("unix://") + m_server.fullServerName(); }

    /// The request lines seen, e.g. "POST /v1.41/images/create?fromImage=python&tag=3.12-slim".
    QStringList requests;
    /// When set, POST /images/create is answered with this status and {"message": pullRefusal}.
    int refusalStatus = 0;
    QString pullRefusal;

    /// When set, the daemon stops listening once it has answered a request whose line contains
    /// this ("/containers/create"), as a daemon that dies just then: later connections fail.
    QByteArray dieAfter;

    /// The images the daemon has, as "name:tag" (GET /images/json and /images/NAME/json).
    QStringList images;

    /// How many pulls were asked for; the latest one's stream is the one sendLine() feeds.
    int pulls() const { return m_pulls; }
    bool pullStreamClosed() const
    {
        return m_pulls > 0 && (!m_pull || m_pull->state() != QLocalSocket::ConnectedState);
    }

    void sendLine(const QByteArray &line)
    {
        const QByteArray payload = line.endsWith('\n') ? line : line + '\n';
        m_pull->write(QByteArray::number(payload.size(), 16) + "\r\n" + payload + "\r\n");
    }
    void endStream()
    {
        m_pull->write("0\r\n\r\n");
        m_pull->disconnectFromServer();
    }

private:
    QByteArray imageList() const
    {
        QByteArray list = "[";
        for (const QString &image : images)
            list += QByteArray(list.size() > 1 ? "," : "") + R"({"RepoTags":[")" + image.toUtf8() + R"("]})";
        return list + "]";
    }

    void read(QLocalSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray requestLine = buffer.left(buffer.indexOf("\r\n"));
        buffer.clear();
        const QList<QByteArray> parts = requestLine.split(' ');
        requests << QString::fromLatin1(parts.value(0) + ' ' + parts.value(1));
        const QByteArray path = parts.value(1);
        const auto dieIfDue = qScopeGuard([this, &requestLine] {
            if (!dieAfter.isEmpty() && requestLine.contains(dieAfter))
                m_server.close();
        });
        if (parts.value(0) == "GET" && path.endsWith("/_ping")) {
            reply(socket, 200, "OK");
        } else if (parts.value(0) == "GET" && path.endsWith("/version")) {
            reply(socket, 200, R"({"ApiVersion":"1.41","MinAPIVersion":"1.12","Version":"20.10.24"})");
        } else if (parts.value(0) == "GET" && path.endsWith("/images/json")) {
            reply(socket, 200, imageList());
        } else if (parts.value(0) == "GET" && path.contains("/images/") && path.endsWith("/json")) {
            const QByteArray name = path.mid(path.indexOf("/images/") + 8).chopped(5);
            const bool have = images.contains(QString::fromUtf8(name));
            reply(socket, have ? 200 : 404, have ? R"({"Id":"sha256:1"})" : R"({"message":"No such image"})");
        } else if (parts.value(0) == "POST" && path.contains("/images/create")) {
            ++m_pulls;
            if (refusalStatus != 0) {
                reply(socket, refusalStatus, R"({"message":")" + pullRefusal.toUtf8() + R"("})");
                return;
            }
            socket->write("HTTP/1.1 200 OK\r\nApi-Version: 1.41\r\nContent-Type: application/json\r\n"
                          "Transfer-Encoding: chunked\r\n\r\n");
            m_pull = socket;
        } else {
            reply(socket, 404, R"({"message":"page not found"})");
        }
    }

    static void reply(QLocalSocket *socket, int status, const QByteArray &body)
    {
        socket->write("HTTP/1.1 " + QByteArray::number(status)
                      + " Whatever\r\nContent-Type: application/json\r\n"
                        "Connection: close\r\nContent-Length: "
                      + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        socket->disconnectFromServer();
    }

    QTemporaryDir m_dir;
    QLocalServer m_server;
    QHash<QLocalSocket *, QByteArray> m_buffers;
    QPointer<QLocalSocket> m_pull;
    int m_pulls = 0;
};
