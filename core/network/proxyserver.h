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

/// Attempts kept one by one; past this only their number is. A program that loops on denied
/// requests would otherwise fill the engine's memory, and the list is shown whole to the user.
inline constexpr int kMaxListedAttempts = 1000;

/// The attempt log (a named sandbox's, which lives for weeks) is bounded so that a program
/// looping on requests cannot fill the disk, and so that a flood of denied ones cannot hide the
/// allowed ones that follow: past kDeniedLogBytes, denied attempts are only counted (a line
/// {"denied_not_logged":N} per kDeniedCountEvery of them, and before the next allowed one);
/// allowed ones are logged until kMaxAttemptLogBytes, where one last line {"more":true} ends it.
inline constexpr qint64 kDeniedLogBytes = 2LL * 1024 * 1024;
inline constexpr qint64 kMaxAttemptLogBytes = 32LL * 1024 * 1024;
inline constexpr qint64 kDeniedCountEvery = 1000;

/// The host of attempts()' last entry when `count` attempts were past kMaxListedAttempts.
QString attemptsLeftOutText(qint64 count);
/// The host of readAttemptLog()'s entry for `count` denied attempts only counted in the log.
QString deniedNotLoggedText(qint64 count);
/// The host of readAttemptLog()'s last entry when the log was full.
QString attemptLogFullText();

/// NetworkProxy's inside: the listening socket, the accepting thread and one thread per client
/// (see networkproxy.h). Every blocking wait also watches the stop descriptor, so stop() ends
/// them all promptly, whatever their clients do.
class ProxyServer final
{
public:
    ProxyServer(FileDescriptor listening, FileDescriptor stop, QList<AllowedDestination> allowed, QString attemptLog);
    ~ProxyServer(); ///< stops, joins every thread, closes every connection

    /// False when the accepting thread could not be made.
    bool start();
    /// The first kMaxListedAttempts attempts; when more came, a last entry with port 0 whose
    /// host says how many were left out (attemptsLeftOutText()).
    QList<NetworkAttempt> attempts() const;
    /// An allowed attempt between its decision and its outcome: where it is in the list, and
    /// its id in the log (empty when the log did not take its line).
    struct Ticket {
        qsizetype listed = -1;
        QByteArray logId;
    };

    /// Whether the list lets the program reach host:port.
    bool allows(const QString &host, quint16 port) const { return isAllowed(m_allowed, host, port); }
    void recordDenied(const QString &host, quint16 port);
    /// Records an allowed attempt as pending the moment it is decided: the run may end (or
    /// the next command in a named sandbox begin) long before a silent destination times out,
    /// and the attempt must be in the list it reads.
    Ticket recordAllowed(const QString &host, quint16 port);
    /// The outcome of recordAllowed()'s attempt: connected (empty `failure`), failed, or
    /// `denied` after all (its name led to an internal address). In the log, a line with the
    /// same id that readAttemptLog() merges into the first.
    void recordOutcome(const Ticket &ticket, const QString &failure, bool denied = false);
    int stopFd() const { return m_stop.get(); }

private:
    struct Client {
        std::thread thread;
        bool done = false;
    };

    void acceptLoop();
    void serve(int fd);
    void reapFinished();

    FileDescriptor m_listening;
    FileDescriptor m_stop; ///< an eventfd, readable once the proxy stops
    const QList<AllowedDestination> m_allowed;
    void logLine(const QByteArray &line);
    void logDeniedCount();
    bool logAttempt(const QByteArray &line, bool allowed);
    qsizetype listAttempt(const NetworkAttempt &attempt);

    FileDescriptor m_log;
    qint64 m_logBytes = 0;      ///< the log's size, kept below kMaxAttemptLogBytes
    qint64 m_deniedUnlogged = 0; ///< denied attempts counted but not yet in the log
    bool m_logFull = false;
    /// Ids are unique in the log across proxies (a named sandbox's `start` makes a new one
    /// that appends to the same file), so a completion line never lands on an older attempt.
    const QByteArray m_logIdPrefix;
    qint64 m_nextLogId = 0;

    mutable std::mutex m_mutex;
    std::condition_variable m_slotFree;
    QList<NetworkAttempt> m_attempts;
    qint64 m_attemptsLeftOut = 0;
    std::list<Client> m_clients;
    int m_active = 0;
    bool m_stopping = false;
    std::thread m_acceptor;
};

} // namespace Sandpit::Core
