#pragma once

#include "base/filedescriptor.h"
#include "network/allowlist.h"

#include <QList>
#include <QString>

#include <condition_variable>
#include <list>
#include <mutex>
#include <thread>

namespace Sandpit::Core {

/// Clients served at once; the next waits in the listen queue until one ends.
inline constexpr int kMaxProxyClients = 64;

/// NetworkProxy's inside: the listening socket, the accepting thread and one thread per client
/// (see networkproxy.h). Every blocking wait also watches the stop descriptor, so stop() ends
/// them all promptly, whatever their clients do.
class ProxyServer final
{
public:
    ProxyServer(FileDescriptor listening, FileDescriptor stop, QList<AllowedDestination> allowed, QString attemptLog);
    ~ProxyServer(); ///< stops, joins every thread, closes every connection

    void start();
    QList<NetworkAttempt> attempts() const;
    /// Whether the program may reach host:port, which is logged as an attempt either way.
    bool decide(const QString &host, quint16 port);
    int stopFd() const { return m_stop.get(); }

private:
    struct Client {
        std::thread thread;
        bool done = false;
    };

    void acceptLoop();
    void reapFinished();

    FileDescriptor m_listening;
    FileDescriptor m_stop; ///< an eventfd, readable once the proxy stops
    const QList<AllowedDestination> m_allowed;
    FileDescriptor m_log;

    mutable std::mutex m_mutex;
    std::condition_variable m_slotFree;
    QList<NetworkAttempt> m_attempts;
    std::list<Client> m_clients;
    int m_active = 0;
    bool m_stopping = false;
    std::thread m_acceptor;
};

} // namespace Sandpit::Core
