#pragma once

// A unix socket that passes everything through to the real Docker daemon and can die on
// command: every connection cut and new ones refused, which is what the engine sees when
// dockerd dies. The containers stay on the real daemon, so a test can check what the engine
// does about them once the "daemon" is back. It runs on a thread of its own, so that a test
// blocked in a destructor cannot stall the engine's Docker calls.

#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>
#include <QTemporaryDir>
#include <QThread>

class DockerProxy
{
public:
    explicit DockerProxy(QString target = QStringLiteral("/var/run/docker.sock"))
        : m_target(std::move(target))
    {
        m_thread.start();
        m_context.moveToThread(&m_thread);
        onThread([this] {
            m_server = new QLocalServer(&m_context);
            QObject::connect(m_server, &QLocalServer::newConnection, m_server, [this] { accept(); });
            m_server->listen(m_path);
        });
    }
    ~DockerProxy()
    {
        die();
        onThread([this] { delete m_server; });
        m_thread.quit();
        m_thread.wait();
    }

    QString dockerHost() const { return QStringLiteral("unix://") + m_path; }
    bool isListening()
    {
        bool listening = false;
        onThread([&] { listening = m_server->isListening(); });
        return listening;
    }

    /// Cuts every connection and stops listening.
    void die()
    {
        onThread([this] {
            m_server->close();
            QLocalServer::removeServer(m_path);
            for (const QPointer<QLocalSocket> &socket : std::exchange(m_sockets, {})) {
                if (socket)
                    socket->abort();
            }
        });
    }

    void revive()
    {
        onThread([this] { m_server->listen(m_path); });
    }

private:
    template<typename F>
    void onThread(F call)
    {
        QMetaObject::invokeMethod(&m_context, call, Qt::BlockingQueuedConnection);
    }

    void accept()
    {
        while (QLocalSocket *client = m_server->nextPendingConnection()) {
            auto *upstream = new QLocalSocket(client);
            m_sockets << client << upstream;
            // A unix socket connects at once or not at all.
            upstream->connectToServer(m_target);
            if (!upstream->waitForConnected(1000)) {
                client->abort();
                continue;
            }
            const auto pass = [](QLocalSocket *from, QLocalSocket *to) {
                QObject::connect(from, &QLocalSocket::readyRead, to, [from, to] { to->write(from->readAll()); });
                QObject::connect(from, &QLocalSocket::disconnected, to, [to] { to->disconnectFromServer(); });
            };
            pass(client, upstream);
            pass(upstream, client);
            if (client->bytesAvailable() > 0)
                upstream->write(client->readAll());
        }
    }

    QString m_target;
    QTemporaryDir m_dir;
    QString m_path = m_dir.filePath(QStringLiteral("docker.sock"));
    QThread m_thread;
    QObject m_context;
    QLocalServer *m_server = nullptr; // lives on m_thread
    QList<QPointer<QLocalSocket>> m_sockets;
};
