#pragma once

// A stand-in address for the real Docker daemon that passes everything through and can die
// on command: every connection cut and new ones refused, which is what the engine sees when
// dockerd dies. It listens on a unix socket, or on TCP on loopback (DOCKER_HOST=tcp://...,
// which the engine treats as an engine on another machine). The containers stay on the real
// daemon, so a test can check what the engine does about them. It runs on a thread of its own,
// so that a test blocked in a destructor cannot stall the engine's Docker calls.

#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>

class DockerProxy
{
public:
    enum class Listen { UnixSocket, Tcp };

    explicit DockerProxy(Listen mode = Listen::UnixSocket, QString target = QStringLiteral("/var/run/docker.sock"))
        : m_listen(mode)
        , m_target(std::move(target))
    {
        m_thread.start();
        m_context.moveToThread(&m_thread);
        onThread([this] {
            m_unix = new QLocalServer(&m_context);
            m_tcp = new QTcpServer(&m_context);
            QObject::connect(m_unix, &QLocalServer::newConnection, m_unix, [this] {
                while (QLocalSocket *client = m_unix->nextPendingConnection())
                    forward(client);
            });
            QObject::connect(m_tcp, &QTcpServer::newConnection, m_tcp, [this] {
                while (QTcpSocket *client = m_tcp->nextPendingConnection())
                    forward(client);
            });
            listen();
        });
    }
    ~DockerProxy()
    {
        die();
        onThread([this] {
            delete m_unix;
            delete m_tcp;
        });
        m_thread.quit();
        m_thread.wait();
    }

    QString dockerHost() const
    {
        return m_listen == Listen::Tcp ? QStringLiteral("tcp://127.0.0.1:%1").arg(m_port)
                                       : QStringLiteral("unix://") + m_path;
    }
    bool isListening()
    {
        bool listening = false;
        onThread([&] { listening = m_unix->isListening() || m_tcp->isListening(); });
        return listening;
    }

    /// Cuts every connection and stops listening.
    void die()
    {
        onThread([this] {
            m_unix->close();
            m_tcp->close();
            QLocalServer::removeServer(m_path);
            for (const QPointer<QIODevice> &socket : std::exchange(m_sockets, {})) {
                if (auto *local = qobject_cast<QLocalSocket *>(socket.data()))
                    local->abort();
                else if (auto *tcp = qobject_cast<QTcpSocket *>(socket.data()))
                    tcp->abort();
            }
        });
    }

    void revive()
    {
        onThread([this] { listen(); });
    }

    /// From now on, a request whose first line holds `part` (e.g. "/pause ") gets an HTTP 500
    /// from here instead of the daemon's answer: a daemon that cannot do it. Empty: none.
    void refuseRequests(const QByteArray &part)
    {
        onThread([=, this] { m_refused = part; });
    }

    /// From now on, `from` becomes `to` in what the daemon sends, where a read holds it whole:
    /// a stand-in for a program that could write whatever it liked into its streams.
    void rewriteReplies(const QByteArray &from, const QByteArray &to)
    {
        Q_ASSERT(from.size() == to.size()); // the attach stream's frames keep their lengths
        onThread([=, this] { m_rewrite = {from, to}; });
    }

private:
    template<typename F>
    void onThread(F call)
    {
        QMetaObject::invokeMethod(&m_context, call, Qt::BlockingQueuedConnection);
    }

    void listen()
    {
        if (m_listen == Listen::UnixSocket) {
            m_unix->listen(m_path);
        } else {
            m_tcp->listen(QHostAddress::LocalHost, m_port);
            m_port = m_tcp->serverPort();
        }
    }

    template<typename Socket>
    void forward(Socket *client)
    {
        auto *upstream = new QLocalSocket(client);
        m_sockets << client << upstream;
        // A unix socket connects at once or not at all.
        upstream->connectToServer(m_target);
        if (!upstream->waitForConnected(1000)) {
            client->abort();
            return;
        }
        QObject::connect(client, &QIODevice::readyRead, upstream, [this, client, upstream] {
            const QByteArray bytes = client->readAll();
            if (!m_refused.isEmpty() && bytes.left(bytes.indexOf('\n')).contains(m_refused)) {
                const QByteArray body = "{\"message\":\"refused here\"}";
                client->write("HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: "
                              + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                return;
            }
            upstream->write(bytes);
        });
        QObject::connect(upstream, &QIODevice::readyRead, client, [this, client, upstream] {
            QByteArray bytes = upstream->readAll();
            if (!m_rewrite.first.isEmpty())
                bytes.replace(m_rewrite.first, m_rewrite.second);
            client->write(bytes);
        });
        QObject::connect(client, &Socket::disconnected, upstream, [upstream] { upstream->disconnectFromServer(); });
        QObject::connect(upstream, &QLocalSocket::disconnected, client, [client] { client->close(); });
        if (client->bytesAvailable() > 0)
            upstream->write(client->readAll());
    }

    Listen m_listen;
    QString m_target;
    QTemporaryDir m_dir;
    QString m_path = m_dir.filePath(QStringLiteral("docker.sock"));
    quint16 m_port = 0;
    QThread m_thread;
    QObject m_context;
    QLocalServer *m_unix = nullptr; // both live on m_thread
    QTcpServer *m_tcp = nullptr;
    QList<QPointer<QIODevice>> m_sockets;
    std::pair<QByteArray, QByteArray> m_rewrite; // on m_thread
    QByteArray m_refused;                        // on m_thread
};
